import type { LoaderFunctionArgs } from "@remix-run/node";
import { revenueMonthView } from "~/api/views/dashboard";
import { revenueByMonth } from "~/models/dashboard/index.server";
import { apiRevenueSchema } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import type { Access } from "~/server/access";
import { requireApiAccess } from "~/server/guard.server";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/dashboard/revenue?months — approved invoices per São Paulo month, by the day they were
 * paid: one row per month, oldest first, months without sales as 0.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { months } = requireQuery(request, apiRevenueSchema);
  return ok(revenueByMonth(months).map(revenueMonthView));
}

export const action = () => methodNotAllowed();
