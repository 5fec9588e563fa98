import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { ResultCard } from "~/components/search-result";
import { NoDescriptionResults, UnderstoodLine } from "~/components/search/description-results";
import { FilterPanel } from "~/components/search/filter-panel";
import { PageRange, ResultsPagination } from "~/components/search/results-pagination";
import { TipsCard } from "~/components/search/tips-card";
import {
  readCodeResultsPage,
  resolveSearchType,
  searchResultsPage,
} from "./_app.search.results.server";
import { searchQuerySchema } from "~/schemas/search/search";
import { READ_CODES_PARAM, vehiclePageParam } from "~/utils/search-params";
import { creditBalance } from "~/models/accounts/index.server";
import { requireAccess } from "~/server/guard.server";
import { readQuery } from "~/server/forms.server";
import type { Access } from "~/server/access";
import { CreditsExhausted, CreditsLow } from "~/components/credit-notices";
import { SubmitButton } from "~/components/submit-button";
import * as messages from "~/messages";

export const access: Access = "signed-in";

const m = messages.search;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const query = readQuery(request);
  const read = query.getAll(READ_CODES_PARAM);
  if (read.length > 0) return readCodeResults(user, read, query);
  if (!query.has("q")) return { state: "idle" as const };
  const submission = parseWithZod(query, { schema: searchQuerySchema });
  if (submission.status !== "success") {
    return { state: "invalid" as const, error: submission.error?.q?.[0] ?? m.emptyQuery };
  }
  const { q, from } = submission.value;
  const type = resolveSearchType(q, submission.value.type, from);
  const { outcome, cards, description } = searchResultsPage(user, q, type, query);
  const creditStats = creditBalance(outcome.stats);
  if (outcome.status === "exhausted")
    return { state: "exhausted" as const, query: q, type, creditStats };
  return {
    state: "results" as const,
    query: q,
    type,
    cards,
    description,
    lowCredits: outcome.lowCredits,
    creditStats,
    reading: null,
  };
}

/** A search by photo: the codes read on it arrive in `lido` from the home page's upload. */
function readCodeResults(
  user: Parameters<typeof readCodeResultsPage>[0],
  read: string[],
  params: URLSearchParams,
) {
  const { outcome, cards } = readCodeResultsPage(user, read, params);
  const query = outcome.reading?.code ?? "";
  if (!outcome.reading) return { state: "invalid" as const, error: m.imageNoCode };
  const creditStats = creditBalance(outcome.stats);
  if (outcome.status === "exhausted")
    return { state: "exhausted" as const, query, type: "image" as const, creditStats };
  return {
    state: "results" as const,
    query,
    type: "image" as const,
    cards,
    description: null,
    lowCredits: outcome.lowCredits,
    creditStats,
    reading: { ...outcome.reading, others: read.filter((code) => code !== query).slice(0, 5) },
  };
}

function ReadingNotice({
  reading,
}: {
  reading: { code: string; match: "as_read" | "look_alike" | "prefix" | null; others: string[] };
}) {
  return (
    <div
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950"
      data-testid="image-reading"
    >
      <p className="font-semibold">{m.imageRead(reading.code)}</p>
      {reading.match === "look_alike" && <p className="text-sm">{m.imageReadLookAlike}</p>}
      {reading.match === "prefix" && <p className="text-sm">{m.imageReadPrefix}</p>}
      <p className="text-sm">{m.imageCorrect}</p>
      {reading.others.length > 0 && (
        <p className="mt-1 text-sm">
          {m.imageCandidates}{" "}
          {reading.others.map((code, index) => (
            <span key={code}>
              {index > 0 && ", "}
              <Link
                to={`/search?${new URLSearchParams({ q: code, type: "code", from: "results" })}`}
                className="font-mono font-semibold underline"
              >
                {code}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function SearchForm({ query, type }: { query: string; type: "code" | "description" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/search";
  return (
    <Form
      method="get"
      action="/search"
      className="card flex flex-col gap-2 p-4 sm:flex-row sm:items-end"
      aria-label={m.newSearch}
    >
      <input type="hidden" name="from" value="results" />
      <div className="flex-1">
        <label htmlFor="search-q" className="label">
          {m.newSearch}
        </label>
        <input
          id="search-q"
          name="q"
          defaultValue={query}
          className="input"
          placeholder={m.codePlaceholder}
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor="search-type" className="label">
          {m.typeLabel}
        </label>
        <select id="search-type" name="type" defaultValue={type} className="input">
          <option value="code">{m.typeCode}</option>
          <option value="description">{m.typeDescription}</option>
        </select>
      </div>
      <SubmitButton className="btn-primary" busy={busy} busyLabel={m.searching}>
        {m.searchButton}
      </SubmitButton>
    </Form>
  );
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const ran = data.state === "results" || data.state === "exhausted";
  const query = ran ? data.query : (params.get("q") ?? "");
  const shownType = ran ? data.type : params.get("type") === "description" ? "description" : "code";
  // A photo's reading is corrected as a typed code.
  const type = shownType === "image" ? "code" : shownType;

  const pageHref = (partId: number) => (page: number) => {
    const next = new URLSearchParams(params);
    next.set(vehiclePageParam(partId), String(page));
    return `/search?${next}`;
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {data.state === "results" ? (
        <header>
          <h1 className="text-2xl font-bold" data-testid="results-heading">
            {data.description
              ? m.descriptionResultsFor(
                  data.description.total,
                  data.query,
                  data.description.totalIsLowerBound,
                )
              : m.resultsFor(data.cards.length, data.query)}
          </h1>
          <p className="text-sm text-slate-600">{m.byType(data.type)}</p>
        </header>
      ) : (
        <h1 className="text-2xl font-bold">{m.title}</h1>
      )}
      <SearchForm query={query} type={type} />
      {data.state === "results" && data.reading && <ReadingNotice reading={data.reading} />}

      {data.state === "invalid" && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {data.error}
        </p>
      )}
      {data.state === "exhausted" && <CreditsExhausted />}
      {data.state === "results" && (
        <>
          {data.lowCredits && <CreditsLow remaining={data.creditStats.remainingSearches} />}
          {data.description && <UnderstoodLine view={data.description} />}
          {data.description && <FilterPanel view={data.description} params={params} />}
          {data.cards.length > 0 ? (
            <>
              {data.description ? (
                <PageRange view={data.description} />
              ) : (
                <p role="status" className="text-sm font-medium text-emerald-800">
                  {data.cards.length === 1 ? m.foundOne : m.foundMany(data.cards.length)}
                </p>
              )}
              <div className="space-y-4">
                {data.cards.map((card) => (
                  <ResultCard
                    key={card.id}
                    part={card}
                    pageHref={pageHref(card.id)}
                    vehicle={data.description?.vehicle}
                  />
                ))}
              </div>
              {data.description && <ResultsPagination view={data.description} params={params} />}
            </>
          ) : data.description ? (
            <NoDescriptionResults view={data.description} params={params} />
          ) : (
            <div className="card p-6 text-center" data-testid="empty-results">
              <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
              <p className="mt-1 text-slate-600">
                {data.type === "description" ? m.noResultDescription : m.noResultCode}
              </p>
              <ul className="mx-auto mt-4 max-w-md list-inside list-disc text-left text-sm text-slate-700">
                {(data.type === "description" ? m.descriptionTips : m.emptyTips).map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {/* An empty result brings its own tips; otherwise the tips of this kind of search. */}
      {!(data.state === "results" && data.cards.length === 0) && (
        <TipsCard title={m.tipsTitle} tips={m.tipsFor[shownType]} />
      )}
      <p className="text-sm text-slate-700" data-testid="compare-link">
        {messages.search.compareLinkHint}{" "}
        <Link to="/search/compare" className="font-semibold text-brand-700 hover:underline">
          {messages.search.compareLink}
        </Link>
      </p>
    </div>
  );
}
