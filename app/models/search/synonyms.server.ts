import { asc } from "drizzle-orm";
import { searchSynonyms } from "~db/schema";
import { preparedOnce } from "~/utils/db.server";

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
