import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planCustomerView } from "~/api/views/plans";
import { getPlanWithCustomers, planCustomers } from "~/models/plan.server";
import { parsePathId } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";
import * as messages from "~/messages";

/** GET /api/plans/:id/customers — the customers with an active subscription to the plan. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  const id = parsePathId(params.id);
  if (id === null || !getPlanWithCustomers(id)) return fail(messages.plansAdmin.notFound, 404);
  return ok(planCustomers(id).map(planCustomerView));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  return methodNotAllowed();
}
