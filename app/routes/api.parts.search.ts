import type { LoaderFunctionArgs } from "@remix-run/node";
import { partListView } from "~/api/views/parts";
import { exhaustedView, searchCreditHeaders } from "~/api/views/search";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts } from "~/models/part-search.server";
import { withCatalogueFacts } from "~/models/part.server";
import { apiPartsSearchSchema, parseQuery } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok, type Envelope } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

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
    const body: Envelope<ReturnType<typeof exhaustedView>> = {
      success: false,
      data: exhaustedView(outcome.stats),
      message: messages.search.exhausted,
    };
    return Response.json(body, { status: 402, headers: { "X-Remaining-Searches": "0" } });
  }

  const hits = outcome.hits.slice(0, limit);
  const m = messages.search;
  const message =
    hits.length === 0
      ? type === "code"
        ? m.noResultCode
        : m.noResultDescription
      : hits.length === 1
        ? m.foundOne
        : m.foundMany(hits.length);
  const response = ok(partListView(withCatalogueFacts(hits)), message);
  for (const [name, value] of Object.entries(searchCreditHeaders(outcome, type)))
    response.headers.set(name, value);
  return response;
}

export const action = () => methodNotAllowed();
