import { and, eq, sql } from "drizzle-orm";
import { creditLedger, searches, users, type Role } from "~db/schema";
import { db, immediateTransaction, preparedOnce } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import { foldName, normalizeCode } from "~/utils/codes";
import {
  allowanceFor,
  chargedCount,
  creditStats,
  currentPlan,
  LOW_CREDIT_THRESHOLD,
  UNLIMITED,
  type CreditStats,
} from "../accounts/credits.server";
import { noticeCreditsUsed } from "../notifications/credits-mail.server";
import { searchByCode, type PartHit } from "./codes.server";
import { searchDescription } from "./description.server";
import {
  DESCRIPTION_PER_PAGE,
  type DescriptionPage,
  type Paging,
  type SearchFilters,
} from "./description.types";

export type SearchType = "code" | "description";

/**
 * `categoryId` (the API's category_id) narrows the hits before metering: a search whose hits are
 * all elsewhere is not charged. `filters` and `paging` narrow and page a description search.
 */
export type SearchRequest = {
  query: string;
  type: SearchType;
  categoryId?: number;
  filters?: SearchFilters;
  paging?: Paging;
};

export type MeteredType = "code" | "description" | "vehicle" | "image" | "compare";

export type MeteredOutcome<T> =
  | {
      status: "ok";
      hits: T[];
      charged: boolean;
      stats: CreditStats;
      /** Set when 5 or fewer searches remain today (never for unlimited accounts). */
      lowCredits: boolean;
    }
  | { status: "exhausted"; stats: CreditStats };

export type SearchOutcome = MeteredOutcome<PartHit> & {
  type?: SearchType;
  /** The description page (understood query, total, facets, suggestions) when the words were searched as a description. */
  description?: DescriptionPage | null;
};

type Searcher = { id: number; role: Role };

/**
 * The form of a query that fair metering compares: a code's normalised form, or the words without
 * accents. Paging and filters are not part of it: they re-read a search, they are not a new one.
 */
export function meteringKey({ query, type, categoryId }: SearchRequest): string {
  const scope = categoryId === undefined ? "" : `|c${categoryId}`;
  if (type === "code") return normalizeCode(query) + scope;
  return foldName(query) + scope;
}

type EngineResult = { hits: PartHit[]; description: DescriptionPage | null };

function runEngine(request: SearchRequest): EngineResult {
  const filters: SearchFilters = {
    ...request.filters,
    ...(request.categoryId === undefined ? {} : { categoryId: request.categoryId }),
  };
  const paging = request.paging ?? { page: 1, perPage: DESCRIPTION_PER_PAGE };
  const byDescription = (): EngineResult => {
    const page = searchDescription(request.query, filters, paging);
    return { hits: page.hits, description: page };
  };
  const byCode = (): EngineResult => {
    const hits = searchByCode(request.query);
    return {
      hits:
        filters.categoryId === undefined
          ? hits
          : hits.filter((hit) => hit.categoryId === filters.categoryId),
      description: null,
    };
  };
  if (request.type === "code") {
    const found = byCode();
    // A code that matches no code may still be a word ("pastilha"): try the descriptions.
    return found.hits.length > 0 ? found : byDescription();
  }
  const found = byDescription();
  if (found.hits.length > 0) return found;
  const asCode = byCode();
  return asCode.hits.length > 0 ? asCode : found;
}

const searchedTodayQuery = (charged: boolean) =>
  preparedOnce((database) =>
    database
      .select({ id: searches.id })
      .from(searches)
      .where(
        and(
          eq(searches.userId, sql.placeholder("userId")),
          eq(searches.day, sql.placeholder("day")),
          eq(searches.type, sql.placeholder("type")),
          eq(searches.queryNorm, sql.placeholder("key")),
          charged ? eq(searches.charged, true) : undefined,
        ),
      )
      .limit(1)
      .prepare(),
  );
const searchedAny = searchedTodayQuery(false);
const searchedCharged = searchedTodayQuery(true);

/** Whether the user searched this today (`charged`: and paid a credit for it). */
function searchedToday(
  userId: number,
  key: string,
  type: MeteredType,
  day: string,
  options: { charged?: boolean } = {},
): boolean {
  const query = options.charged ? searchedCharged : searchedAny;
  return Boolean(query().get({ userId, day, type, key }));
}

const userRow = preparedOnce((database) =>
  database
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(),
);

/** Every search writes its log row and the user's last search time: prepared once. */
const logSearch = preparedOnce((database) =>
  database
    .insert(searches)
    .values({
      userId: sql.placeholder("userId"),
      query: sql.placeholder("query"),
      queryNorm: sql.placeholder("queryNorm"),
      type: sql.placeholder("type"),
      resultsCount: sql.placeholder("resultsCount"),
      partId: sql.placeholder("partId"),
      charged: sql.placeholder("charged"),
      durationMs: sql.placeholder("durationMs"),
      day: sql.placeholder("day"),
      createdAt: sql.placeholder("createdAt"),
    })
    .returning({ id: searches.id })
    .prepare(),
);

const markSearched = preparedOnce((database) =>
  database
    .update(users)
    // `set` takes no placeholder for a timestamp column: the milliseconds, as the column stores them.
    .set({ lastSearchAt: sql`${sql.placeholder("nowMs")}` })
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(),
);

function allowanceOf(user: Searcher, now: Date): number {
  return user.role === "admin" ? UNLIMITED : allowanceFor(user.role, currentPlan(user.id, now));
}

type MeteredSearch<T> = {
  type: MeteredType;
  key: string;
  query: string;
  run: () => T[];
  firstPartId?: (hits: T[]) => number | null;
  /** What the log records as found; the hits' count unless a page holds fewer than the total. */
  resultsCount?: (hits: T[]) => number;
};

/**
 * Runs a search for a user and meters it fairly: it costs a credit only when it finds something and
 * the same query of the same type was not already charged on this credit day (`creditDay`). The daily
 * allowance goes first, then extra credits. Check and charge happen in one BEGIN IMMEDIATE
 * transaction, so two processes cannot spend the same credit.
 */
export function meteredSearch<T>(
  user: Searcher,
  search: MeteredSearch<T>,
  now: Date = new Date(),
  options: { replay?: boolean } = {},
): MeteredOutcome<T> {
  const day = creditDay(now);
  const { key, type } = search;
  const allowance = allowanceOf(user, now);
  const unlimited = allowance === UNLIMITED;
  // The balance may have just changed: read the row, not the plan again.
  const statsNow = () => creditStats(userRow().get({ userId: user.id })!, now, allowance);
  const low = (stats: CreditStats) => !unlimited && stats.remainingSearches <= LOW_CREDIT_THRESHOLD;

  // Paging through a result already shown today re-reads it: no new log row, no charge.
  if (options.replay && searchedToday(user.id, key, type, day)) {
    const stats = statsNow();
    return { status: "ok", hits: search.run(), charged: false, stats, lowCredits: low(stats) };
  }

  if (
    !unlimited &&
    statsNow().remainingSearches <= 0 &&
    !searchedToday(user.id, key, type, day, { charged: true })
  ) {
    return { status: "exhausted", stats: statsNow() };
  }

  const started = performance.now();
  const hits = search.run();
  const durationMs = performance.now() - started;

  const verdict = immediateTransaction(db(), () => {
    let charged = false;
    let balance = 0;
    let fromBalance = false;
    if (
      !unlimited &&
      hits.length > 0 &&
      !searchedToday(user.id, key, type, day, { charged: true })
    ) {
      balance = userRow().get({ userId: user.id })?.creditsBalance ?? 0;
      fromBalance = chargedCount(user.id, day) >= allowance;
      if (fromBalance && balance <= 0) return "exhausted" as const;
      charged = true;
    }
    const logged = logSearch().get({
      userId: user.id,
      query: search.query.slice(0, 200),
      queryNorm: key,
      type,
      resultsCount: search.resultsCount?.(hits) ?? hits.length,
      partId: search.firstPartId?.(hits) ?? null,
      charged,
      durationMs,
      day,
      createdAt: now,
    })!;
    if (fromBalance) {
      db()
        .update(users)
        .set({ creditsBalance: balance - 1 })
        .where(eq(users.id, user.id))
        .run();
      db()
        .insert(creditLedger)
        .values({
          userId: user.id,
          delta: -1,
          balanceAfter: balance - 1,
          reason: "search",
          searchId: logged.id,
          createdAt: now,
        })
        .run();
    }
    markSearched().run({ userId: user.id, nowMs: now.getTime() });
    return charged ? ("charged" as const) : ("free" as const);
  });

  const stats = statsNow();
  if (verdict === "exhausted") return { status: "exhausted", stats };
  if (verdict === "charged") noticeCreditsUsed(user.id, stats, now);
  return { status: "ok", hits, charged: verdict === "charged", stats, lowCredits: low(stats) };
}

/**
 * A code or description search, metered. Another page or a narrower filter of a search already
 * made today re-reads it: no new log row, no charge.
 */
export function searchParts(
  user: Searcher,
  request: SearchRequest,
  now: Date = new Date(),
  options: { replay?: boolean } = {},
): SearchOutcome {
  let result: EngineResult | null = null;
  const rereads =
    (request.paging?.page ?? 1) > 1 ||
    Object.values(request.filters ?? {}).some((value) => value !== undefined);
  const outcome = meteredSearch(
    user,
    {
      type: request.type,
      key: meteringKey(request),
      query: request.query,
      run: () => {
        result = runEngine(request);
        return result.hits;
      },
      firstPartId: (hits) => hits[0]?.id ?? null,
      resultsCount: (hits) => (result as EngineResult | null)?.description?.total ?? hits.length,
    },
    now,
    { replay: options.replay || rereads },
  );
  if (outcome.status !== "ok") return outcome;
  const description = (result as EngineResult | null)?.description ?? null;
  return { ...outcome, type: request.type, description };
}
