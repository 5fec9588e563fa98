import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planCustomerView } from "~/api/views/plans";
import { getPlanWithCustomers, planCustomers } from "~/models/payments/index.server";
import { parsePathId } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/** GET /api/plans/:id/customers — the customers with an active subscription to the plan. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  if (id === null || !getPlanWithCustomers(id)) return fail(messages.plansAdmin.notFound, 404);
  return ok(planCustomers(id).map(planCustomerView));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAccess(request, access);
  return methodNotAllowed();
}
