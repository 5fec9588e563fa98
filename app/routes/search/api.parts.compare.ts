import type { LoaderFunctionArgs } from "@remix-run/node";
import { comparisonView } from "~/api/views/compare";
import { exhaustedAnswer, searchCreditHeaders } from "~/api/views/search";
import { COMPARE_LIST_LIMIT, compareParts } from "~/models/catalogue/index.server";
import { partCompareSchema } from "~/schemas/catalogue/part-compare";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "signed-in" };

/**
 * GET /api/parts/compare?a&b — "A e B são intercambiáveis?" (docs/decisions/0025-part-comparison.md).
 * `data` is the verdict (`verdict_kind`, `verdict`), the part each code led to and the vehicles in
 * common and only one fits, each list cut at COMPARE_LIST_LIMIT with its exact total. Metered as
 * one search, only when both codes exist; credits in X-* headers; spent credits are a 402. A code
 * that leads to no part is a 200 whose verdict says so (`not_found`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const codes = requireQuery(request, partCompareSchema);

  const outcome = compareParts(user, codes, new Date(), { limit: COMPARE_LIST_LIMIT });
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }

  const view = comparisonView(outcome.comparison, COMPARE_LIST_LIMIT);
  return ok(view, view.verdict, 200, searchCreditHeaders(outcome, "compare"));
}

export const action = () => methodNotAllowed();
