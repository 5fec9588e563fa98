import type { LoaderFunctionArgs } from "@remix-run/node";
import { planCustomerView } from "~/api/views/plans";
import { getPlanWithCustomers, planCustomers } from "~/models/payments/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/** GET /api/plans/:id/customers — the customers with an active subscription to the plan. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: plan } = await apiRequest(request, access, {
    record: { id: params.id, load: getPlanWithCustomers, notFound: messages.plansAdmin.notFound },
  });
  return ok(planCustomers(plan.id).map(planCustomerView));
}

export const action = () => methodNotAllowed();
