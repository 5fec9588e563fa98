import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { planAdminView } from "~/api/views/plans";
import {
  createPlanByAdmin,
  getPlanWithCustomers,
  listPlansAdmin,
} from "~/models/payments/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { apiPlanSchema, planListQuerySchema } from "~/schemas/payments/plan";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.plansAdmin;

/** GET /api/plans?q&status — every plan (active and inactive) with customers and monthly revenue. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const query = planListQuerySchema.parse(queryParams(request));
  return ok(listPlansAdmin(query).map(planAdminView));
}

/** POST /api/plans {name, description, credits_per_month, price (reais), status, features, policies} */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiPlanSchema() });
  const created = createPlanByAdmin(body, user.id);
  if (!created.ok) return apiRefusal(created);
  return ok(planAdminView(getPlanWithCustomers(created.value.id)!), m.created, 201);
}
