import { Link } from "@remix-run/react";
import { FILTER_PARAMS, type FilterKey } from "~/utils/search-params";
import * as messages from "~/messages";
import {
  resultsHref,
  type DescriptionView,
  type FacetValue,
  type SearchFacets,
} from "./description-results";

const m = messages.search;

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
