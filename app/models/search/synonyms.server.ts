import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { searchSynonyms } from "~db/schema";
import { db, immediateTransaction, preparedOnce } from "~/utils/db.server";
import * as messages from "~/messages";
import type { SynonymInput, SynonymListQuery } from "~/schemas/search/synonyms";
import { SYNONYMS_PER_PAGE } from "~/schemas/search/synonyms";
import { foldName } from "~/utils/codes";
import { formatInteger } from "~/utils/format";
import { pageBounds } from "~/utils/paging";
import { logActivity } from "../activity/activity.server";
import { isUniqueViolation, likePattern } from "../catalogue/catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";

const allSynonyms = preparedOnce((database) =>
  database
    .select({ term: searchSynonyms.term, meaning: searchSynonyms.meaning })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.meaning))
    .prepare(),
);

/**
 * Every synonym as typed word → the catalogue words it stands for (both folded). Read per search:
 * the table is a few hundred rows, and an admin's edit is then seen at once by every process.
 */
export function synonymMeanings(): ReadonlyMap<string, string[]> {
  const meanings = new Map<string, string[]>();
  for (const { term, meaning } of allSynonyms().all()) {
    const list = meanings.get(term);
    if (list) list.push(meaning);
    else meanings.set(term, [meaning]);
  }
  return meanings;
}

// ---------------------------------------------------------------------------------------------
// The back-office (admin): list, add, delete.
// ---------------------------------------------------------------------------------------------

/** Every search reads the whole table (above): the cap keeps that read a few milliseconds. */
export const SYNONYMS_MAX = 2_000;

const m = messages.synonyms;

export type Synonym = { id: number; term: string; meaning: string; createdAt: Date };

export type SynonymPage = {
  items: Synonym[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
};

const columns = {
  id: searchSynonyms.id,
  term: searchSynonyms.term,
  meaning: searchSynonyms.meaning,
  createdAt: searchSynonyms.createdAt,
};

/** A page of synonyms by term; `q` finds a term or a meaning holding it, ignoring case and accents. */
export function listSynonyms(
  query: Partial<SynonymListQuery> = {},
  options: { perPage?: number } = {},
): SynonymPage {
  const perPage = options.perPage ?? SYNONYMS_PER_PAGE;
  const needle = foldName(query.q ?? "");
  const pattern = needle ? likePattern(needle) : undefined;
  const where = pattern
    ? or(
        sql`${searchSynonyms.term} like ${pattern} escape '\\'`,
        sql`${searchSynonyms.meaning} like ${pattern} escape '\\'`,
      )
    : undefined;
  const total = db().select({ n: count() }).from(searchSynonyms).where(where).get()?.n ?? 0;
  const { page, pages } = pageBounds(total, perPage, query.page);
  const items = db()
    .select(columns)
    .from(searchSynonyms)
    .where(where)
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.meaning), asc(searchSynonyms.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  return { items, total, page, pages, perPage };
}

/** How many synonyms there are in all, whatever the filter. */
export function countSynonyms(): number {
  return db().select({ n: count() }).from(searchSynonyms).get()?.n ?? 0;
}

export function getSynonym(id: number): Synonym | undefined {
  return db().select(columns).from(searchSynonyms).where(eq(searchSynonyms.id, id)).get();
}

function findSynonym(term: string, meaning: string) {
  return db()
    .select({ id: searchSynonyms.id })
    .from(searchSynonyms)
    .where(and(eq(searchSynonyms.term, term), eq(searchSynonyms.meaning, meaning)))
    .get();
}

/**
 * A new synonym, both sides folded again here so no caller can store a form the search never
 * reads. Refused when the pair exists (the unique index settles two admins adding it at once)
 * or the table is full.
 */
export function addSynonym(input: SynonymInput, actorId: number): Outcome<Synonym> {
  const term = foldName(input.term);
  const meaning = foldName(input.meaning);
  const duplicate = () => refuse("duplicate", m.duplicate, "term");
  try {
    return immediateTransaction(db(), (): Outcome<Synonym> => {
      if (findSynonym(term, meaning)) return duplicate();
      if (countSynonyms() >= SYNONYMS_MAX)
        return refuse("limit_reached", m.full(formatInteger(SYNONYMS_MAX)));
      const created = db()
        .insert(searchSynonyms)
        .values({ term, meaning })
        .returning(columns)
        .get();
      logActivity({
        actorId,
        type: "catalogue",
        action: m.activityAdded(term, meaning),
        entity: "search_synonym",
        entityId: created.id,
      });
      return { ok: true, value: created };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate();
    throw error;
  }
}

export function deleteSynonym(id: number, actorId: number): Outcome<Synonym> {
  return immediateTransaction(db(), (): Outcome<Synonym> => {
    const current = getSynonym(id);
    if (!current) return refuse("not_found", m.notFound);
    db().delete(searchSynonyms).where(eq(searchSynonyms.id, id)).run();
    logActivity({
      actorId,
      type: "catalogue",
      action: m.activityDeleted(current.term, current.meaning),
      entity: "search_synonym",
      entityId: id,
    });
    return { ok: true, value: current };
  });
}
