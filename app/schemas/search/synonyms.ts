import { z } from "zod";
import { foldName } from "~/utils/codes";
import * as messages from "~/messages";

/**
 * The search synonyms' add form (/admin/synonyms) and the list's query string. Both sides are
 * stored folded (lower case, no accents, single spaces), as the search folds what it reads, so
 * "Diant" and "diant" are one synonym.
 */

const m = messages.synonyms;

export const TERM_MAX = 40;
export const MEANING_MAX = 60;
/**
 * The longest filter worth reading: a term or a meaning, with room to spare.
 * @alias of MEANING_MAX, named for the filter
 */
export const SYNONYM_FILTER_MAX = MEANING_MAX;
export const SYNONYMS_PER_PAGE = 50;

/** One word: letters and digits, with hyphens inside ("t-cross"), as the search splits words. */
const WORD = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** Folded as the search compares words. */
export const foldSynonymWord = (value: string) => foldName(value);

/** A term is one word (`diant`); a meaning may be a few (`lado direito`). */
export const isSynonymTerm = (folded: string) => WORD.test(folded);
export const isSynonymMeaning = (folded: string) => folded.split(" ").every((w) => WORD.test(w));

const text = z.string().optional();

export const synonymSchema = z
  .object({ term: text, meaning: text })
  .transform((value) => ({
    term: foldSynonymWord(value.term ?? ""),
    meaning: foldSynonymWord(value.meaning ?? ""),
  }))
  .superRefine(({ term, meaning }, ctx) => {
    const issue = (path: "term" | "meaning", message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!term) issue("term", m.termRequired);
    else if (term.length > TERM_MAX) issue("term", m.termTooLong(TERM_MAX));
    else if (!isSynonymTerm(term)) issue("term", m.termInvalid);
    if (!meaning) issue("meaning", m.meaningRequired);
    else if (meaning.length > MEANING_MAX) issue("meaning", m.meaningTooLong(MEANING_MAX));
    else if (!isSynonymMeaning(meaning)) issue("meaning", m.meaningInvalid);
    else if (meaning === term) issue("meaning", m.sameAsTerm);
  });
export type SynonymInput = z.output<typeof synonymSchema>;

/** GET /admin/synonyms?q&page: a bad value is ignored (the whole list, the first page); `q` as typed. */
export const synonymListQuerySchema = z
  .object({
    q: z.string().optional().catch(undefined),
    page: z.string().optional().catch(undefined),
  })
  .catch({})
  .transform((value) => ({
    q: (value.q ?? "").trim().slice(0, SYNONYM_FILTER_MAX),
    page: /^\d{1,6}$/.test(value.page ?? "") ? Math.max(1, Number(value.page)) : 1,
  }));
export type SynonymListQuery = z.output<typeof synonymListQuerySchema>;
