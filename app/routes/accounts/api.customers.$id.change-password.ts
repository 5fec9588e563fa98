import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeCustomerPassword, getCustomer } from "~/models/accounts/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiChangePasswordSchema } from "~/schemas/customer";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.customersAdmin;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}

/** POST /api/customers/:id/change-password {password} — at least 6 characters; no confirmation on the API. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null || !getCustomer(id)) return fail(m.notFound, 404);
  const parsed = await parseJsonBody(request, apiChangePasswordSchema);
  if (!parsed.ok) return parsed.response;
  await changeCustomerPassword({ userId: id, password: parsed.value.password, actorId: user.id });
  return ok(null, m.passwordChanged);
}
