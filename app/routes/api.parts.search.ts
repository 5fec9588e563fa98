import type { LoaderFunctionArgs } from "@remix-run/node";
import { partListView } from "~/api/views/parts";
import { exhaustedAnswer, foundMessage, searchCreditHeaders } from "~/api/views/search";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts } from "~/models/search/metering.server";
import { withCatalogueFacts } from "~/models/part.server";
import { apiPartsSearchSchema, parseQuery } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "signed-in" };

/**
 * GET /api/parts/search?q&limit&category_id&type — the search screen's search over the API, metered
 * the same way (docs/decisions/0005-api-search-credits.md). `data` is the list of parts; credits
 * travel in X-* headers; spent credits are a 402.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const parsed = parseQuery(apiPartsSearchSchema, request);
  if (!parsed.ok) return fail(parsed.message, 400, parsed.errors);
  const { q, limit, category_id: categoryId, type: requested } = parsed.value;
  const type = requested ?? (isDescriptionQuery(q) ? "description" : "code");

  const outcome = searchParts(user, { query: q, type, categoryId });
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }

  const hits = outcome.hits.slice(0, limit);
  return ok(
    partListView(withCatalogueFacts(hits)),
    foundMessage(hits.length, type),
    200,
    searchCreditHeaders(outcome, type),
  );
}

export const action = () => methodNotAllowed();
