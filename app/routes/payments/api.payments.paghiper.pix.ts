import type { ActionFunctionArgs } from "@remix-run/node";
import { invoiceView, pixView } from "~/api/views/payments";
import {
  getInvoiceRow,
  getPlanWithCustomers,
  maskedGatewayConfigs,
  startPix,
} from "~/models/payments/index.server";
import { refuse } from "~/models/outcome";
import { quotePlanChange, subscribe } from "~/models/accounts/index.server";
import { apiPixBodySchema } from "~/schemas/payments/payments";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["user", "premium_user"] };

const m = messages.payments;

/** The models' field names as this endpoint's body calls them. */
const FIELD_NAMES: Record<string, string> = { cpf: "payer_document", planId: "plan_id" };
const fieldName = (field: string) => FIELD_NAMES[field] ?? field;

/**
 * POST /api/payments/paghiper/pix {plan_id, description, payer_document} — asks for the plan
 * (reusing the invoice still pending for it) and answers the invoice's PIX: the one still valid, or
 * a new one for this CPF. Nothing is written when PagHiper is not configured, the plan is free or
 * cannot be bought, or the CPF is not valid.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiPixBodySchema });
  const { plan_id: planId, payer_document: cpf } = body;
  if (!maskedGatewayConfigs().paghiper.configured)
    return apiRefusal(refuse("not_configured", m.pagHiperNotConfigured));
  const plan = getPlanWithCustomers(planId);
  // A free plan has nothing to pay, and asking for it would switch to it at once.
  if (plan?.isFree) return apiRefusal(refuse("invalid_reference", m.freePlanNoPix, "plan_id"));
  // Nor has a downgrade while a paid period runs: it waits for the period's end (ADR 0046).
  if (plan && quotePlanChange(user.id, plan).kind === "scheduled")
    return apiRefusal(refuse("invalid_reference", messages.planChange.scheduledNoPix, "plan_id"));

  const subscribed = subscribe({ userId: user.id, planId, paymentMethod: "pix" });
  if (!subscribed.ok) return apiRefusal(subscribed, { fieldName });
  if (subscribed.value.kind !== "payment_required")
    throw new Error(m.activatedWithoutPayment(planId));
  const invoiceId = subscribed.value.payment.id;

  const pix = await startPix(user, invoiceId, cpf);
  if (!pix.ok) return apiRefusal(pix, { fieldName });
  const payment = getInvoiceRow(pix.value.paymentId) ?? subscribed.value.payment;
  return ok({ payment: invoiceView(payment), ...pixView(pix.value) }, m.pixCreated, 201);
}

export const loader = () => methodNotAllowed();
