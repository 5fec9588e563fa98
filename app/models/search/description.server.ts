import { db } from "~/utils/db.server";
import type { PartHit } from "./codes.server";
import {
  DESCRIPTION_MAX_PER_PAGE,
  DESCRIPTION_PER_PAGE,
  type DescriptionHit,
  type DescriptionPage,
  type FacetValue,
  type Paging,
  type SearchFacets,
  type SearchFilters,
  type Suggestion,
} from "./description.types";
import {
  findMatches,
  namesVehicle,
  scopeOf,
  type Candidate,
  type VehicleScope,
} from "./matching.server";
import { refreshFitmentKeys, SEARCH_REFRESH_LIMIT } from "./fitment-keys.server";
import { understandQuery, type QueryPlan } from "./understand.server";
import { STOPWORDS } from "./words";

/**
 * A description search as a mechanic types it (issue #25, ADR 0032): the query is split into part
 * words and vehicle words; vehicle words become a fitment filter, part words are matched with
 * synonyms, plurals and typos forgiven; parts are ranked name over category over description,
 * paged with the true total, narrowed by the filters of the URL, and a search that finds nothing
 * offers the nearest searches that do.
 */

/** Parts whose vehicles are counted for the vehicle facets. */
const VEHICLE_FACET_PARTS = 100;

const hitColumns = `p.id, p.code, p.name, p.description, p.manufacturer, p.category_id as categoryId,
  c.name as categoryName, p.mercado_livre_link as mercadoLivreLink, p.image_url as imageUrl`;

function hitsFor(ids: number[], fits: boolean): DescriptionHit[] {
  if (ids.length === 0) return [];
  const rows = db()
    .$client.prepare(
      `select ${hitColumns} from parts p left join categories c on c.id = p.category_id
       where p.id in (select value from json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Omit<PartHit, "match" | "viaCode">[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, match: "description" as const, viaCode: null, fitsVehicle: fits }] : [];
  });
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

function countBy<V extends string | number>(
  values: Iterable<V | null>,
  label: (value: V) => string = String,
): FacetValue<V>[] {
  const counts = new Map<V, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, label: label(value), count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}

function facetsOf(matches: Candidate[], scope: VehicleScope | null): SearchFacets {
  const client = db().$client;
  const categoryNames = new Map(matches.map((m) => [m.categoryId, m.category ?? ""]));
  const ids = JSON.stringify(matches.slice(0, VEHICLE_FACET_PARTS).map((m) => m.id));
  const fitments = client
    .prepare(
      `select distinct pv.part_id as partId, v.brand, v.model, v.year, pv.position
       from part_vehicles pv join vehicles v on v.id = pv.vehicle_id
       where pv.part_id in (select value from json_each(?))`,
    )
    .all(ids) as {
    partId: number;
    brand: string;
    model: string;
    year: number;
    position: string | null;
  }[];
  const inScope = fitments.filter(
    (f) =>
      scope === null ||
      ((scope.brand === null || f.brand === scope.brand) &&
        (scope.models.length === 0 || scope.models.includes(f.model))),
  );
  const perPart = <V extends string | number>(pick: (f: (typeof fitments)[number]) => V | null) => {
    const seen = new Set<string>();
    const values: (V | null)[] = [];
    for (const fitment of inScope) {
      const value = pick(fitment);
      const key = `${fitment.partId}\u0000${value}`;
      if (value === null || seen.has(key)) continue;
      seen.add(key);
      values.push(value);
    }
    return values;
  };
  const years = countBy(perPart((f) => f.year)).sort((a, b) => b.value - a.value);
  return {
    categories: countBy(
      matches.map((m) => m.categoryId),
      (id) => categoryNames.get(id) || String(id),
    ),
    manufacturers: countBy(matches.map((m) => m.manufacturer)),
    brands: countBy(perPart((f) => f.brand)),
    models: countBy(perPart((f) => f.model)),
    years: scope?.models.length ? years : [],
    positions: countBy(perPart((f) => f.position)),
  };
}

const EMPTY_FACETS: SearchFacets = {
  categories: [],
  manufacturers: [],
  brands: [],
  models: [],
  years: [],
  positions: [],
};

/** The nearest answers to a search that found nothing, each with how many parts it finds. */
function suggestionsFor(plan: QueryPlan, filters: SearchFilters): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const tried = new Set<string>([plan.tokens.join(" ")]);
  const left = new Set(plan.understood.ignoredWords);
  const offer = (kind: Suggestion["kind"], tokens: string[]) => {
    // Offered as a mechanic would type it: no little words, nothing the catalogue ignored.
    const query = tokens
      .filter((token) => !STOPWORDS.has(token) && !left.has(token))
      .join(" ")
      .trim();
    if (query === "" || tried.has(query)) return;
    tried.add(query);
    const next = understandQuery(query);
    if (next.onlyIgnored) return;
    const { total } = findMatches(next.words, scopeOf(next.understood.vehicle, filters), filters);
    if (total > 0) suggestions.push({ kind, query, total });
  };
  for (const guess of plan.farGuesses) {
    offer(
      "spelling",
      plan.tokens.map((token) => (token === guess.from ? guess.to : token)),
    );
  }
  if (plan.yearToken !== null) {
    offer(
      "without_year",
      plan.tokens.filter(
        (token, index) =>
          index !== plan.yearToken &&
          !(plan.vehicleTokens.has(index) && /^(\d{2}|\d{4})([-/]\d{2,4})?$|^(a|ate)$/.test(token)),
      ),
    );
  }
  if (plan.engineTokens.length > 0) {
    offer(
      "without_engine",
      plan.tokens.filter((_, index) => !plan.engineTokens.includes(index)),
    );
  }
  if (plan.understood.vehicle) {
    offer(
      "without_vehicle",
      plan.tokens.filter((_, index) => !plan.vehicleTokens.has(index)),
    );
  }
  if (plan.onlyIgnored && plan.understood.vehicle) {
    offer(
      "fewer_words",
      plan.tokens.filter((_, index) => plan.vehicleTokens.has(index)),
    );
  }
  if (plan.words.length >= 2) {
    // Never without the first word: it is the part asked for ("amortecedor esquerdo" → not "esquerdo").
    for (const word of plan.words.slice(1).reverse()) {
      offer(
        "fewer_words",
        plan.tokens.filter((token) => token !== word.typed),
      );
      if (suggestions.some((s) => s.kind === "fewer_words")) break;
    }
  }
  return suggestions;
}

/**
 * A description search: the understood query, a page of parts (fitting the understood vehicle,
 * ranked), the total, the narrowing choices and, when nothing is found, the nearest answers.
 */
export function searchDescription(
  query: string,
  filters: SearchFilters = {},
  paging: Paging = { page: 1, perPage: DESCRIPTION_PER_PAGE },
): DescriptionPage {
  // Fitments edited since the last search (an admin's, a vehicle renamed) count at once.
  refreshFitmentKeys(SEARCH_REFRESH_LIMIT);
  const plan = understandQuery(query);
  const scope = scopeOf(plan.understood.vehicle, filters);
  const { parts, total, totalIsLowerBound } = plan.onlyIgnored
    ? { parts: [], total: 0, totalIsLowerBound: false }
    : findMatches(plan.words, scope, filters);
  const perPage = Number.isSafeInteger(paging.perPage)
    ? Math.min(Math.max(1, paging.perPage), DESCRIPTION_MAX_PER_PAGE)
    : DESCRIPTION_PER_PAGE;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const asked = Number.isSafeInteger(paging.page) ? paging.page : 1;
  const page = Math.min(Math.max(1, asked), pages);
  const shown = parts.slice((page - 1) * perPage, page * perPage).map((part) => part.id);
  return {
    understood: plan.understood,
    hits: hitsFor(shown, namesVehicle(scope)),
    total,
    totalIsLowerBound,
    page,
    perPage,
    pages,
    facets: total > 0 ? facetsOf(parts, scope) : EMPTY_FACETS,
    suggestions: total === 0 ? suggestionsFor(plan, filters) : [],
  };
}
