import type { ActionFunctionArgs } from "@remix-run/node";
import { testMercadoPagoConnection } from "~/models/payments/index.server";
import { apiMercadoPagoTestSchema } from "~/schemas/payments/payments";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

/**
 * POST /api/payment-gateways/mercadopago/test — "Testar conexão": asks Mercado Pago who the token
 * belongs to; `data` has the account's nickname (or e-mail). 400 without any token, 502 when
 * Mercado Pago refuses it or cannot be reached. `sandbox_mode` changes nothing: test and production
 * tokens are both checked against the same API.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { body } = await apiRequest(request, access, { body: apiMercadoPagoTestSchema });
  const tested = await testMercadoPagoConnection(body.access_token);
  if (!tested.ok) return apiRefusal(tested, { fieldName: () => "access_token" });
  const { account } = tested.value;
  return ok(
    account.includes("@") ? { email: account, account } : { nickname: account, account },
    messages.payments.testOk(account),
  );
}

export const loader = () => methodNotAllowed();
