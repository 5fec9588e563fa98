import type { ActionFunctionArgs } from "@remix-run/node";
import { changeCustomerPassword } from "~/models/accounts/index.server";
import { apiChangePasswordSchema } from "~/schemas/accounts/customer";
import { methodNotAllowed, ok } from "~/server/api.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerRequest } from "./customers.server";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export const loader = () => methodNotAllowed();

/** POST /api/customers/:id/change-password {password} — at least 6 characters; no confirmation on the API. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, customer, body } = await customerRequest(
    request,
    access,
    params.id,
    apiChangePasswordSchema,
  );
  await changeCustomerPassword({ userId: customer.id, password: body.password, actorId: user.id });
  return ok(null, m.passwordChanged);
}
