import { Link } from "@remix-run/react";
import { FILTER_PARAMS, PAGE_PARAM, type FilterKey } from "~/utils/search-params";
import * as messages from "~/messages";

const m = messages.search;

/** What the page shows of a search's understanding (the model's UnderstoodQuery, as data). */
type UnderstoodView = {
  query: string;
  partWords: string[];
  vehicleLabel: string | null;
  corrections: { from: string; to: string }[];
  /** Words the catalogue does not hold, left out of the search ("preciso", "pro"). */
  ignoredWords: string[];
};
type FacetValue<V extends string | number> = { value: V; label: string; count: number };
type SearchFacets = {
  categories: FacetValue<number>[];
  manufacturers: FacetValue<string>[];
  brands: FacetValue<string>[];
  models: FacetValue<string>[];
  years: FacetValue<number>[];
  positions: FacetValue<string>[];
};
type Suggestion = { kind: string; query: string; total: number };

/** The narrowing a description page is showing, by filter, with the label each value reads as. */
export type ActiveFilter = { key: FilterKey; value: string; label: string };

export type DescriptionView = {
  understood: UnderstoodView;
  total: number;
  /** "mais de N": a very broad query on a big catalogue counts only the matches it read. */
  totalIsLowerBound: boolean;
  page: number;
  pages: number;
  perPage: number;
  facets: SearchFacets;
  suggestions: Suggestion[];
  active: ActiveFilter[];
};

const CARD_PAGE_KEY = /^v\d+$/;

/**
 * A link of the results page: the current URL with some parameters set or removed. Any change
 * leaves the cards' vehicle pages (`v<partId>`) behind, and the results page too unless it is the
 * change: a new narrowing starts at page 1.
 */
export function resultsHref(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (CARD_PAGE_KEY.test(key) || key === PAGE_PARAM || key in changes) continue;
    next.append(key, value);
  }
  for (const [key, value] of Object.entries(changes)) if (value !== null) next.set(key, value);
  return `/search?${next}`;
}

/** A new search from the results page: its words as a description, with nothing else kept. */
export function searchHref(query: string) {
  return `/search?${new URLSearchParams({ q: query, type: "description", from: "results" })}`;
}

/** "Peças que servem em Volkswagen Gol 2015 · Buscar sem o veículo" and the corrected words. */
export function UnderstoodLine({ view }: { view: DescriptionView }) {
  const { understood } = view;
  const words = understood.partWords.join(" ");
  if (
    !understood.vehicleLabel &&
    understood.corrections.length === 0 &&
    understood.ignoredWords.length === 0
  )
    return null;
  return (
    <div
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
      data-testid="understood"
    >
      {understood.vehicleLabel && (
        <p>
          <span className="font-semibold" data-testid="understood-vehicle">
            {m.understoodVehicle(understood.vehicleLabel)}
          </span>
          {words && (
            <>
              {" · "}
              <Link
                to={searchHref(words)}
                className="font-semibold text-brand-700 underline"
                data-testid="remove-vehicle"
              >
                {m.removeVehicle}
              </Link>
            </>
          )}
        </p>
      )}
      {understood.corrections.length > 0 && words && (
        <p data-testid="corrected">{m.showingFor(words)}</p>
      )}
      {understood.ignoredWords.length > 0 && (
        <p className="text-sky-900" data-testid="ignored-words">
          {m.ignoredWords(understood.ignoredWords.join(", "))}
        </p>
      )}
    </div>
  );
}

/** Options a facet lists before the rest fold under "Mais N opções". */
const SHOWN_OPTIONS = 6;

type FacetGroup = { key: FilterKey; values: FacetValue<string | number>[] };

function facetGroups(facets: SearchFacets): FacetGroup[] {
  return [
    { key: "categoryId", values: facets.categories },
    { key: "manufacturer", values: facets.manufacturers },
    { key: "brand", values: facets.brands },
    { key: "model", values: facets.models },
    { key: "year", values: facets.years },
    { key: "position", values: facets.positions },
  ];
}

function optionLabel(key: FilterKey, facet: FacetValue<string | number>) {
  return key === "position" ? (m.position[String(facet.value)] ?? facet.label) : facet.label;
}

function FacetOptions({ group, params }: { group: FacetGroup; params: URLSearchParams }) {
  const option = (facet: FacetValue<string | number>) => (
    <li key={String(facet.value)}>
      <Link
        to={resultsHref(params, { [FILTER_PARAMS[group.key]]: String(facet.value) })}
        className="inline-flex min-h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700"
        rel="nofollow"
      >
        {optionLabel(group.key, facet)}
        <span className="text-xs text-slate-500">{m.facetCount(facet.count)}</span>
      </Link>
    </li>
  );
  const shown = group.values.slice(0, SHOWN_OPTIONS);
  const rest = group.values.slice(SHOWN_OPTIONS);
  return (
    <>
      <ul className="mt-1 flex flex-wrap gap-2">{shown.map(option)}</ul>
      {rest.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {m.moreOptions(rest.length)}
          </summary>
          <ul className="mt-2 flex flex-wrap gap-2">{rest.map(option)}</ul>
        </details>
      )}
    </>
  );
}

/**
 * Narrowing by category, part manufacturer, vehicle brand, model, year and position: plain links,
 * so it works without JavaScript; each chosen filter shows with a link that removes it.
 */
export function FilterPanel({ view, params }: { view: DescriptionView; params: URLSearchParams }) {
  const chosen = new Set(view.active.map((filter) => filter.key));
  const groups = facetGroups(view.facets).filter(
    (group) => !chosen.has(group.key) && group.values.length > 1,
  );
  if (view.active.length === 0 && groups.length === 0) return null;
  return (
    <section className="card space-y-3 p-4" aria-labelledby="filters-title" data-testid="filters">
      {view.active.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold text-slate-800">{m.activeFilters}</h2>
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="active-filters">
            {view.active.map((filter) => (
              <li key={filter.key}>
                <Link
                  to={resultsHref(params, { [FILTER_PARAMS[filter.key]]: null })}
                  className="inline-flex min-h-9 items-center gap-2 rounded-full bg-brand-700 px-3 py-1 text-sm font-medium text-white"
                  aria-label={m.removeFilter(m.filterLabels[filter.key], filter.label)}
                  rel="nofollow"
                >
                  <span>
                    {m.filterLabels[filter.key]}: {filter.label}
                  </span>
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
            {view.active.length > 1 && (
              <li>
                <Link
                  to={resultsHref(
                    params,
                    Object.fromEntries(view.active.map((f) => [FILTER_PARAMS[f.key], null])),
                  )}
                  className="inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand-700 underline"
                  rel="nofollow"
                >
                  {m.clearFilters}
                </Link>
              </li>
            )}
          </ul>
        </div>
      )}
      {groups.length > 0 && (
        <details className="group">
          <summary
            id="filters-title"
            className="cursor-pointer text-sm font-semibold text-slate-800"
            data-testid="filters-toggle"
          >
            {view.active.length > 0 ? m.filtersTitleActive(view.active.length) : m.filtersTitle}
          </summary>
          <div className="mt-3 space-y-3">
            {groups.map((group) => (
              <div key={group.key} data-testid={`facet-${group.key}`}>
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {m.filterLabels[group.key]}
                </h3>
                <FacetOptions group={group} params={params} />
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}

/** The pages to number around the current one: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && p - last === 2) out.push(last + 1);
    else if (typeof last === "number" && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Anterior · 1 … 4 5 6 … 12 · Próxima, as links that keep the query and its filters. */
export function ResultsPagination({
  view,
  params,
}: {
  view: DescriptionView;
  params: URLSearchParams;
}) {
  if (view.pages <= 1) return null;
  const href = (page: number) =>
    resultsHref(params, { [PAGE_PARAM]: page > 1 ? String(page) : null });
  const step = "btn-secondary min-h-10 px-3";
  return (
    <nav aria-label={m.pagination} className="space-y-2" data-testid="results-pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1 text-sm">
        <li>
          {view.page > 1 ? (
            <Link to={href(view.page - 1)} className={step} rel="prev">
              {m.previous}
            </Link>
          ) : (
            <span className={`${step} pointer-events-none opacity-50`} aria-disabled="true">
              {m.previous}
            </span>
          )}
        </li>
        {pageWindow(view.page, view.pages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : page === view.page ? (
            <li key={page}>
              <span
                aria-current="page"
                aria-label={m.currentPage(page)}
                className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg bg-brand-700 px-3 font-semibold text-white"
              >
                {page}
              </span>
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                aria-label={m.goToPage(page)}
                className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 px-3 hover:border-brand-500"
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {view.page < view.pages ? (
            <Link to={href(view.page + 1)} className={step} rel="next">
              {m.next}
            </Link>
          ) : (
            <span className={`${step} pointer-events-none opacity-50`} aria-disabled="true">
              {m.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The range of parts a page shows: "Mostrando 21–40 de 44 peças". */
export function PageRange({ view }: { view: DescriptionView }) {
  if (view.total === 0) return null;
  const from = (view.page - 1) * view.perPage + 1;
  const to = Math.min(view.total, view.page * view.perPage);
  return (
    <p className="text-sm text-slate-600" data-testid="page-range">
      {m.pageRange(from, to, view.total, view.totalIsLowerBound)}
    </p>
  );
}

function SuggestionLine({ suggestion }: { suggestion: Suggestion }) {
  const count = m.suggestionCount(m.suggestionKinds[suggestion.kind] ?? "", suggestion.total);
  const link = (
    <Link to={searchHref(suggestion.query)} className="font-semibold text-brand-700 underline">
      {suggestion.query}
    </Link>
  );
  return (
    <li data-testid={`suggestion-${suggestion.kind}`}>
      {suggestion.kind === "spelling" ? (
        <>
          {m.suggestionSpelling} {link}? <span className="text-slate-600">({count})</span>
        </>
      ) : (
        <>
          {link} <span className="text-slate-600">— {count}</span>
        </>
      )}
    </li>
  );
}

/**
 * A description search that found nothing: what was tried, the nearest searches that do find
 * parts, and tips for descriptions (not the ones for codes).
 */
export function NoDescriptionResults({
  view,
  params,
}: {
  view: DescriptionView;
  params: URLSearchParams;
}) {
  const { understood } = view;
  const corrections = understood.corrections.map((c) => `${c.from} → ${c.to}`).join(", ");
  const filters = view.active.map((f) => `${m.filterLabels[f.key]}: ${f.label}`).join(", ");
  return (
    <div className="card space-y-4 p-5" data-testid="empty-results">
      <div>
        <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
        <p className="mt-1 text-slate-600">{m.noResultDescription}</p>
      </div>
      <section aria-labelledby="tried-title" data-testid="tried">
        <h3 id="tried-title" className="text-sm font-semibold text-slate-800">
          {m.triedTitle}
        </h3>
        <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
          {understood.partWords.length > 0 && (
            <li>{m.triedWords(understood.partWords.join(" "))}</li>
          )}
          {understood.vehicleLabel && <li>{m.triedVehicle(understood.vehicleLabel)}</li>}
          {corrections && <li>{m.triedCorrections(corrections)}</li>}
          {understood.ignoredWords.length > 0 && (
            <li>{m.ignoredWords(understood.ignoredWords.join(", "))}</li>
          )}
          {filters && <li>{m.triedFilters(filters)}</li>}
        </ul>
      </section>
      {(view.suggestions.length > 0 || view.active.length > 0) && (
        <section aria-labelledby="suggestions-title" data-testid="suggestions">
          <h3 id="suggestions-title" className="text-sm font-semibold text-slate-800">
            {m.suggestionsTitle}
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {view.suggestions.map((suggestion) => (
              <SuggestionLine
                key={`${suggestion.kind}|${suggestion.query}`}
                suggestion={suggestion}
              />
            ))}
            {view.active.length > 0 && (
              <li>
                <Link
                  to={resultsHref(
                    params,
                    Object.fromEntries(view.active.map((f) => [FILTER_PARAMS[f.key], null])),
                  )}
                  className="font-semibold text-brand-700 underline"
                  data-testid="suggestion-without-filters"
                >
                  {m.withoutFilters}
                </Link>
              </li>
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="description-tips-title">
        <h3 id="description-tips-title" className="text-sm font-semibold text-slate-800">
          {m.descriptionTipsTitle}
        </h3>
        <ul className="mt-1 list-inside list-disc space-y-1 text-sm text-slate-700">
          {m.descriptionTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
