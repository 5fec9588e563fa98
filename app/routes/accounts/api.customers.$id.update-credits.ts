import type { ActionFunctionArgs } from "@remix-run/node";
import { addCredits } from "~/models/accounts/index.server";
import { apiAddCreditsSchema } from "~/schemas/accounts/customer";
import { methodNotAllowed, parseJsonBody } from "~/server/api.server";
import { apiRefusal, edgeRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerAnswer, customerRequest } from "./customers.server";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/**
 * POST /api/customers/:id/update-credits {credits_balance} — as the spec's client sends it,
 * `credits_balance` is the amount to ADD (new balance = current + amount), not the new balance.
 * Any body it cannot take is the one refusal on `credits_balance`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, customer } = await customerRequest(request, access, params.id);
  const parsed = await parseJsonBody(request, apiAddCreditsSchema);
  if (!parsed.ok)
    return apiRefusal(edgeRefusal("invalid_input", m.invalidCredits, { field: "credits_balance" }));
  addCredits({ userId: customer.id, amount: parsed.value.amount, actorId: user.id });
  return customerAnswer(customer.id, m.creditsUpdated);
}
