import type { ActionFunctionArgs } from "@remix-run/node";
import { bankTransferView, type SubscribeView } from "~/api/views/payments";
import { bankTransferDetails, startCheckout } from "~/models/payments/index.server";
import { subscribe } from "~/models/accounts/index.server";
import { apiSubscribeSchema } from "~/schemas/accounts/settings";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { formatDate } from "~/utils/format";

export const access: Access = { POST: ["user", "premium_user"] };

const m = messages.planChange;

/**
 * POST {planId, paymentMethod}: a free plan switches at once; a paid plan answers with its pending
 * invoice (the one still pending for that plan, if any). With `credit_card` (the default) the
 * invoice carries its Mercado Pago checkout link in `payment.init_point` (and
 * `sandbox_init_point`; `checkout_url` is the one to open in the gateway's mode); when the link
 * cannot be made the invoice is still answered, `init_point` null and the message says why. With
 * `pix` the client then asks POST /api/payments/paghiper/pix for the code, with the payer's CPF.
 * With `bank_transfer` (refused while the admin keeps no bank details) the invoice carries
 * `bank_transfer`: the account, the amount and the reference for the transfer's description.
 * While a paid period runs (ADR 0046), a dearer plan's invoice carries `credit` (the unused days
 * of the current plan) and `amount_due` (= `amount`, what is charged: the price less the credit);
 * a cheaper or free plan is not charged now: the answer carries `scheduled` {plan_id,
 * effective_at} (the end of the paid period) and `payment` null.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiSubscribeSchema });
  const subscribed = subscribe({
    userId: user.id,
    planId: body.planId,
    paymentMethod: body.paymentMethod,
  });
  if (!subscribed.ok) return apiRefusal(subscribed);
  const result = subscribed.value;
  const subscription: SubscribeView["subscription"] = {
    id: result.subscription.id,
    plan_id: result.subscription.planId,
    status: result.subscription.status,
    payment_method: result.subscription.paymentMethod,
    started_at: result.subscription.startedAt?.toISOString() ?? null,
    expires_at: result.subscription.expiresAt?.toISOString() ?? null,
  };
  if (result.kind === "activated")
    return ok({ subscription, payment: null } satisfies SubscribeView, m.created);
  if (result.kind === "scheduled")
    return ok(
      {
        subscription,
        payment: null,
        scheduled: { plan_id: result.plan.id, effective_at: result.effectiveAt.toISOString() },
      } satisfies SubscribeView,
      m.scheduledLine(result.plan.name, formatDate(result.effectiveAt)),
    );

  let payment = result.payment;
  let checkoutUrl: string | null = null;
  let message = m.paymentRequired(payment.externalReference);
  if (body.paymentMethod === "credit_card") {
    const checkout = await startCheckout(user, payment.id);
    if (checkout.ok) {
      payment = checkout.value.payment;
      checkoutUrl = checkout.value.initPoint || null;
    } else {
      message = messages.payments.invoiceWithoutLink(payment.externalReference, checkout.message);
    }
  }
  const transfer = body.paymentMethod === "bank_transfer" ? bankTransferDetails() : null;
  const data: SubscribeView = {
    subscription,
    payment: {
      id: payment.id,
      status: payment.status,
      gateway: payment.gateway,
      amount: payment.amountCents / 100,
      credit: payment.creditCents / 100,
      amount_due: payment.amountCents / 100,
      external_reference: payment.externalReference,
      init_point: payment.initPoint,
      sandbox_init_point: payment.sandboxInitPoint,
      checkout_url: checkoutUrl,
      created_at: payment.createdAt.toISOString(),
      ...(transfer ? { bank_transfer: bankTransferView(transfer, payment) } : {}),
    },
  };
  return ok(data, message, 201);
}

export const loader = () => methodNotAllowed();
