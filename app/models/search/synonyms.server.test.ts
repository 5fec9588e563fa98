import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity, searchSynonyms } from "~db/schema";
import * as messages from "~/messages";
import { synonymListQuerySchema, synonymSchema } from "~/schemas/search/synonyms";
import { db } from "~/utils/db.server";
import { createUser } from "../../../tests/support/factories";
import {
  addSynonym,
  countSynonyms,
  deleteSynonym,
  getSynonym,
  listSynonyms,
  synonymMeanings,
  SYNONYMS_MAX,
} from "./synonyms.server";

const m = messages.synonyms;

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});

/** The form's answer for these fields: the value, or each field's first message. */
function parsed(term: string, meaning: string) {
  const result = synonymSchema.safeParse({ term, meaning });
  if (result.success) return result.data;
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const add = (term: string, meaning: string) =>
  addSynonym(synonymSchema.parse({ term, meaning }), adminId);

const rowsOf = (term: string) =>
  db()
    .select({ meaning: searchSynonyms.meaning })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.term, term))
    .all()
    .map((r) => r.meaning);

describe("the synonym form's schema", () => {
  it("folds both sides as the search does: case, accents and spacing do not count", () => {
    expect(parsed("  DIANT ", "Dianteiro")).toEqual({ term: "diant", meaning: "dianteiro" });
    expect(parsed("Ld", "  Lado   DIREITO ")).toEqual({ term: "ld", meaning: "lado direito" });
    expect(parsed("Ignição", "ignição")).toEqual({ meaning: m.sameAsTerm });
    expect(parsed("t-cross", "tcross")).toEqual({ term: "t-cross", meaning: "tcross" });
    expect(parsed("embr", "embreagem")).toEqual({ term: "embr", meaning: "embreagem" });
  });

  it("wants one word of letters, digits or hyphens as the term, 40 characters at most", () => {
    expect(parsed("", "dianteiro")).toEqual({ term: m.termRequired });
    expect(parsed("   ", "dianteiro")).toEqual({ term: m.termRequired });
    expect(parsed("lado dir", "direito")).toEqual({ term: m.termInvalid });
    for (const term of ["c/", "s/", "-diant", "diant-", "a--b", "50%", "<b>", "a.b"])
      expect(parsed(term, "com"), term).toEqual({ term: m.termInvalid });
    expect(parsed("a".repeat(40), "x")).toEqual({ term: "a".repeat(40), meaning: "x" });
    expect(parsed("a".repeat(41), "x")).toEqual({ term: m.termTooLong(40) });
  });

  it("wants words as the meaning, 60 characters at most, other than the term", () => {
    expect(parsed("diant", "")).toEqual({ meaning: m.meaningRequired });
    expect(parsed("diant", "dianteiro!")).toEqual({ meaning: m.meaningInvalid });
    expect(parsed("diant", "a,b")).toEqual({ meaning: m.meaningInvalid });
    expect(parsed("x", "a".repeat(60))).toEqual({ term: "x", meaning: "a".repeat(60) });
    expect(parsed("x", "a".repeat(61))).toEqual({ meaning: m.meaningTooLong(60) });
    expect(parsed("diant", "DIANT")).toEqual({ meaning: m.sameAsTerm });
    expect(parsed("", "")).toEqual({ term: m.termRequired, meaning: m.meaningRequired });
  });

  it("takes a list where a text is expected as a refusal, not a crash", () => {
    expect(synonymSchema.safeParse({ term: ["a", "b"], meaning: "x" }).success).toBe(false);
    expect(synonymSchema.safeParse(null).success).toBe(false);
  });
});

describe("the list's query string", () => {
  it("keeps the filter as typed, bounded, and reads any bad page as the first", () => {
    expect(synonymListQuerySchema.parse({ q: "  Diant ", page: "2" })).toEqual({
      q: "Diant",
      page: 2,
    });
    expect(synonymListQuerySchema.parse({ q: "x".repeat(500) }).q).toHaveLength(60);
    for (const page of ["0", "-1", "abc", "1e3", "99999999999", ""])
      expect(synonymListQuerySchema.parse({ page }).page, page).toBe(1);
    expect(synonymListQuerySchema.parse({ q: ["a"], page: { x: 1 } })).toEqual({ q: "", page: 1 });
  });
});

describe("the seeded synonyms", () => {
  it("the migration seeds the common shop abbreviations, which the search reads", () => {
    expect(countSynonyms()).toBeGreaterThanOrEqual(80);
    expect(synonymMeanings().get("diant")).toContain("dianteiro");
    expect(synonymMeanings().get("amort")).toContain("amortecedor");
    expect(listSynonyms({ q: "tras" }).items).toContainEqual(
      expect.objectContaining({ term: "tras", meaning: "traseiro" }),
    );
  });
});

describe("search synonyms (admin)", () => {
  beforeEach(() => {
    db().delete(searchSynonyms).run();
  });

  it("adds a synonym folded, the search sees it at once, and the change is logged", () => {
    const created = addSynonym({ term: " Diant ", meaning: "DIANTEIRO" }, adminId);
    expect(created).toMatchObject({ ok: true, value: { term: "diant", meaning: "dianteiro" } });
    if (!created.ok) return;
    expect(getSynonym(created.value.id)).toMatchObject({ term: "diant", meaning: "dianteiro" });
    expect(synonymMeanings().get("diant")).toEqual(["dianteiro"]);
    const logged = db()
      .select()
      .from(activity)
      .where(
        and(eq(activity.entity, "search_synonym"), eq(activity.entityId, String(created.value.id))),
      )
      .all();
    expect(logged).toEqual([
      expect.objectContaining({
        actorId: adminId,
        type: "catalogue",
        action: "Adicionou o sinônimo da busca diant → dianteiro",
      }),
    ]);
  });

  it("keeps several meanings for one term, and refuses the same pair twice", () => {
    expect(add("dt", "dianteiro").ok).toBe(true);
    expect(add("dt", "dianteira").ok).toBe(true);
    expect(add("DT", "Dianteiro")).toEqual({
      ok: false,
      reason: "duplicate",
      message: m.duplicate,
      field: "term",
    });
    expect(rowsOf("dt").sort()).toEqual(["dianteira", "dianteiro"]);
    expect(synonymMeanings().get("dt")).toEqual(["dianteira", "dianteiro"]);
  });

  it(`refuses past ${SYNONYMS_MAX} synonyms, and takes one again after a delete`, () => {
    const insert = db().$client.prepare(
      "insert into search_synonyms (term, meaning) values (?, ?)",
    );
    db().$client.transaction(() => {
      for (let i = 0; i < SYNONYMS_MAX; i++) insert.run(`t${i}`, "x");
    })();
    expect(countSynonyms()).toBe(SYNONYMS_MAX);
    const full = add("mais", "um");
    expect(full).toMatchObject({ ok: false, reason: "limit_reached", message: m.full("2.000") });
    expect(rowsOf("mais")).toEqual([]);
    const first = listSynonyms({}, { perPage: 1 }).items[0]!;
    expect(deleteSynonym(first.id, adminId).ok).toBe(true);
    expect(add("mais", "um").ok).toBe(true);
  });

  it("lists by term, then meaning, a page at a time; the filter finds either side, folded", () => {
    for (const [term, meaning] of [
      ["tras", "traseiro"],
      ["amort", "amortecedor"],
      ["diant", "dianteiro"],
      ["diant", "dianteira"],
      ["past", "pastilha"],
    ])
      add(term!, meaning!);
    const pairs = (page: { items: { term: string; meaning: string }[] }) =>
      page.items.map((s) => `${s.term}>${s.meaning}`);
    expect(pairs(listSynonyms())).toEqual([
      "amort>amortecedor",
      "diant>dianteira",
      "diant>dianteiro",
      "past>pastilha",
      "tras>traseiro",
    ]);
    const second = listSynonyms({ page: 2 }, { perPage: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pages: 3, perPage: 2 });
    expect(pairs(second)).toEqual(["diant>dianteiro", "past>pastilha"]);
    // A page past the end shows the last, as a stale link would land.
    expect(pairs(listSynonyms({ page: 99 }, { perPage: 2 }))).toEqual(["tras>traseiro"]);

    expect(pairs(listSynonyms({ q: "DIANT" }))).toEqual(["diant>dianteira", "diant>dianteiro"]);
    expect(pairs(listSynonyms({ q: "Amortecedôr" }))).toEqual(["amort>amortecedor"]);
    expect(pairs(listSynonyms({ q: "eiro" }))).toEqual(["diant>dianteiro", "tras>traseiro"]);
    // `%` and `_` are letters here, not wildcards.
    expect(listSynonyms({ q: "%" }).total).toBe(0);
    expect(listSynonyms({ q: "_" }).total).toBe(0);
    expect(listSynonyms({ q: "   " }).total).toBe(5);
  });

  it("is empty when there is none", () => {
    expect(listSynonyms()).toEqual({ items: [], total: 0, page: 1, pages: 1, perPage: 50 });
    expect(synonymMeanings().size).toBe(0);
  });

  it("deletes by id, logs it, and answers not_found for an id that is not there", () => {
    const created = add("amort", "amortecedor");
    if (!created.ok) throw new Error(created.message);
    const deleted = deleteSynonym(created.value.id, adminId);
    expect(deleted).toMatchObject({ ok: true, value: { term: "amort", meaning: "amortecedor" } });
    expect(getSynonym(created.value.id)).toBeUndefined();
    expect(synonymMeanings().has("amort")).toBe(false);
    expect(deleteSynonym(created.value.id, adminId)).toEqual({
      ok: false,
      reason: "not_found",
      message: m.notFound,
    });
    const logged = db()
      .select({ action: activity.action })
      .from(activity)
      .where(
        and(eq(activity.entity, "search_synonym"), eq(activity.entityId, String(created.value.id))),
      )
      .all()
      .map((row) => row.action);
    expect(logged).toEqual([
      "Adicionou o sinônimo da busca amort → amortecedor",
      "Excluiu o sinônimo da busca amort → amortecedor",
    ]);
  });
});
