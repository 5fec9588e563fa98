import type { ActionFunctionArgs } from "@remix-run/node";
import { changeCustomerPassword, getCustomer } from "~/models/accounts/index.server";
import { apiChangePasswordSchema } from "~/schemas/customer";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/change-password {password} — at least 6 characters; no confirmation on the API. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: customer, body } = await apiRequest(request, access, {
    record: { id: params.id, load: getCustomer, notFound: m.notFound },
    body: apiChangePasswordSchema,
  });
  await changeCustomerPassword({ userId: customer.id, password: body.password, actorId: user.id });
  return ok(null, m.passwordChanged);
}
