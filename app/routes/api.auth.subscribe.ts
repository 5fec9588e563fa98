import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribe } from "~/models/subscription.server";
import { apiSubscribeSchema } from "~/schemas/settings";
import { methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["user", "premium_user"] };

const m = messages.planChange;

/** POST {planId, paymentMethod}: a free plan switches at once; a paid plan answers with its pending invoice. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { user } = await requireApiAccess(request, access);
  const parsed = await parseJsonBody(request, apiSubscribeSchema);
  if (!parsed.ok) return parsed.response;
  const subscribed = subscribe({
    userId: user.id,
    planId: parsed.value.planId,
    paymentMethod: parsed.value.paymentMethod,
  });
  if (!subscribed.ok) return apiRefusal(subscribed);
  const result = subscribed.value;
  const subscription = {
    id: result.subscription.id,
    plan_id: result.subscription.planId,
    status: result.subscription.status,
    payment_method: result.subscription.paymentMethod,
    started_at: result.subscription.startedAt?.toISOString() ?? null,
    expires_at: result.subscription.expiresAt?.toISOString() ?? null,
  };
  if (result.kind === "activated") return ok({ subscription, payment: null }, m.created);
  const { payment } = result;
  return ok(
    {
      subscription,
      payment: {
        id: payment.id,
        status: payment.status,
        gateway: payment.gateway,
        amount: payment.amountCents / 100,
        external_reference: payment.externalReference,
        init_point: payment.initPoint,
        sandbox_init_point: payment.sandboxInitPoint,
        created_at: payment.createdAt.toISOString(),
      },
    },
    m.paymentRequired(payment.id),
    201,
  );
}

export const loader = () => methodNotAllowed();
