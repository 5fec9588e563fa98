import type { LoaderFunctionArgs } from "@remix-run/node";
import { comparisonView } from "~/api/views/compare";
import { exhaustedView, searchCreditHeaders } from "~/api/views/search";
import { COMPARE_LIST_LIMIT, compareParts } from "~/models/part-compare.server";
import { partCompareSchema } from "~/schemas/part-compare";
import { parseQuery } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok, type Envelope } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

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
  const parsed = parseQuery(partCompareSchema, request);
  if (!parsed.ok) return fail(parsed.message, 400, parsed.errors);

  const outcome = compareParts(user, parsed.value, new Date(), { limit: COMPARE_LIST_LIMIT });
  if (outcome.status === "exhausted") {
    const body: Envelope<ReturnType<typeof exhaustedView>> = {
      success: false,
      data: exhaustedView(outcome.stats),
      message: messages.search.exhausted,
    };
    return Response.json(body, { status: 402, headers: { "X-Remaining-Searches": "0" } });
  }

  const view = comparisonView(outcome.comparison, COMPARE_LIST_LIMIT);
  const response = ok(view, view.verdict);
  for (const [name, value] of Object.entries(searchCreditHeaders(outcome, "compare")))
    response.headers.set(name, value);
  return response;
}

export const action = () => methodNotAllowed();
