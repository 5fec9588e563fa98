import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  exhaustedAnswer,
  foundMessage,
  searchCreditHeaders,
  searchHitsView,
  searchPageView,
} from "~/api/views/search";
import { isDescriptionQuery } from "~/utils/codes";
import { searchParts } from "~/models/search/index.server";
import { withCatalogueFacts } from "~/models/catalogue/index.server";
import { apiPartsSearchSchema } from "~/schemas/search/api-search";
import { methodNotAllowed, type Envelope } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { pageBounds } from "~/utils/paging";

export const access: Access = { GET: "signed-in" };

/**
 * GET /api/parts/search?q&type&page&per_page&category_id&manufacturer&brand&model&year&position —
 * the search screen's search over the API, metered the same way (ADR 0005): another page or a
 * narrower filter of a search made today costs nothing. `data` is the page of parts; `total`,
 * `page`, `per_page`, `pages` (and for a description `understood`, `facets`, `suggestions`) sit
 * beside it (ADR 0035); credits travel in X-* headers; spent credits are a 402.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const {
    q,
    limit,
    per_page,
    page,
    type: requested,
    category_id: categoryId,
    ...rest
  } = requireQuery(request, apiPartsSearchSchema);
  const type = requested ?? (isDescriptionQuery(q) ? "description" : "code");
  const perPage = per_page ?? limit;
  // The category is one more filter: narrowing a search made today re-reads it, as on the page.
  const filters = {
    categoryId,
    manufacturer: rest.manufacturer,
    brand: rest.brand,
    model: rest.model,
    year: rest.year,
    position: rest.position,
  };

  const outcome = searchParts(user, {
    query: q,
    type,
    filters,
    paging: { page, perPage },
  });
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }

  // A code that found nothing is answered as a code, not as the words it was also tried as.
  const found = type === "code" && outcome.description?.total === 0 ? null : outcome.description;
  // A code search is not paged by the engine: its few hits are paged here.
  const paging = found ?? {
    total: outcome.hits.length,
    perPage,
    ...pageBounds(outcome.hits.length, perPage, page),
  };
  const hits = found
    ? found.hits
    : outcome.hits.slice((paging.page - 1) * perPage, paging.page * perPage);
  const fits = new Map(found?.hits.map((hit) => [hit.id, hit.fitsVehicle]));
  const data = searchHitsView(withCatalogueFacts(hits), fits);
  const body: Envelope<typeof data> & ReturnType<typeof searchPageView> = {
    success: true,
    data,
    message: foundMessage(paging.total, type),
    ...searchPageView(paging, found ?? null),
  };
  return Response.json(body, { headers: searchCreditHeaders(outcome, type) });
}

export const action = () => methodNotAllowed();
