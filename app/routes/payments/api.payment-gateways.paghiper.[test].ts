import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { testPagHiperConnection } from "~/models/payments/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";

export const access: Access = { POST: ["admin"] };

/**
 * POST /api/payment-gateways/paghiper/test — "Testar conexão" with the stored credentials (400
 * when PagHiper is not configured, 502 when PagHiper refuses them or cannot be reached).
 */
export async function action({ request }: ActionFunctionArgs) {
  // No body is needed; one that is sent must still be JSON (415 otherwise, ADR 0015).
  await apiRequest(request, access, { body: z.unknown() });
  const tested = await testPagHiperConnection();
  if (!tested.ok) return apiRefusal(tested);
  return ok({ account: tested.value.account }, tested.value.account);
}

export const loader = () => methodNotAllowed();
