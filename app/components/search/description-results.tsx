import { Link } from "@remix-run/react";
import { FILTER_PARAMS, PAGE_PARAM, type FilterKey } from "~/utils/search-params";
import type { FacetValue, SearchFacets } from "~/schemas/search/search-facets";
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
export type { FacetValue, SearchFacets };
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
