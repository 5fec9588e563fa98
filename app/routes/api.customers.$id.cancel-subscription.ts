import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { cancelCustomerSubscription, getCustomer, getCustomerRow } from "~/models/customer.server";
import { parsePathId } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiUser } from "~/server/auth.server";
import * as messages from "~/messages";

const m = messages.customersAdmin;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return methodNotAllowed();
}

/** POST /api/customers/:id/cancel-subscription — only an active subscription (else 409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiUser(request, ["admin"]);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null || !getCustomer(id)) return fail(m.notFound, 404);
  const cancelled = cancelCustomerSubscription({ userId: id, actorId: user.id });
  if (!cancelled.ok) return apiRefusal(cancelled);
  return ok(customerView(getCustomerRow(id)!), m.subscriptionCancelled);
}
