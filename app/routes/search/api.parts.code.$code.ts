import type { LoaderFunctionArgs } from "@remix-run/node";
import { partListView } from "~/api/views/parts";
import { exhaustedAnswer, searchCreditHeaders } from "~/api/views/search";
import { normalizeCode } from "~/utils/codes";
import { exactCodeMatches, searchParts } from "~/models/search/index.server";
import { withCatalogueFacts } from "~/models/catalogue/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRefusal, apiRefuse, edgeRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in" };

/**
 * GET /api/parts/code/:code — exact lookup by normalised code: the part's own code first, then
 * alternative codes. `data` is the list of exact matches (one code may exist at several
 * manufacturers). It is a code search and is metered like one, but only when something exact
 * exists: an unknown code is a 404 and costs nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const code = (params.code ?? "").trim().slice(0, 120);
  if (!normalizeCode(code))
    return apiRefusal(edgeRefusal("invalid_input", messages.search.emptyCode, { field: "code" }));
  if (exactCodeMatches(code).length === 0) return apiRefuse("not_found", messages.search.noResultCode);

  // Metering and the search log go through the same function as the search screen.
  const outcome = searchParts(user, { query: code, type: "code" });
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }
  const exact = outcome.hits.filter((hit) => hit.match === "code" || hit.match === "alternative");
  // The part was deleted between the check and the search: nothing exact any more.
  if (exact.length === 0) return apiRefuse("not_found", messages.search.noResultCode);

  const message =
    exact.length === 1 ? messages.search.foundOne : messages.search.foundMany(exact.length);
  return ok(
    partListView(withCatalogueFacts(exact)),
    message,
    200,
    searchCreditHeaders(outcome, "code"),
  );
}

export const action = () => methodNotAllowed();
