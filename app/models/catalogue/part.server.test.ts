import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, partAlternativeCodes, parts, partVehicles } from "~db/schema";
import { parsePartForm } from "~/schemas/part";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  createCategory,
  createPart as insertPart,
  createUser,
  createPickerVehicles,
  fit,
} from "../../../tests/support/factories";
import {
  addAlternativeCode,
  createPart,
  deletePart,
  filteredVehicleIds,
  getPart,
  linkVehicle,
  listAlternativeCodes,
  listPartsPage,
  marketplaceSearchLink,
  queryParts,
  removeAlternativeCode,
  unlinkVehicle,
  updatePart,
  vehiclePickerPage,
  type PartInput,
} from "./part.server";

const m = messages.parts;
let adminId: number;
let categoryId: number;
let otherCategoryId: number;
const vehicleIds: number[] = [];

beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
  categoryId = createCategory("Freios Modelo").id;
  otherCategoryId = createCategory("Motor Modelo").id;
  vehicleIds.push(...createPickerVehicles());
});

function input(overrides: Partial<PartInput> = {}): PartInput {
  return {
    code: "PF-100",
    name: "Pastilha de freio",
    description: null,
    categoryId,
    manufacturer: "Cobreq",
    mercadoLivreLink: null,
    alternativeCodes: [],
    fitments: [],
    ...overrides,
  };
}

const activityFor = (partId: number) =>
  db()
    .select()
    .from(activity)
    .where(and(eq(activity.entity, "part"), eq(activity.entityId, String(partId))))
    .all();

describe("createPart", () => {
  it("creates the part, its alternative codes and fitments in one go, and logs who did it", () => {
    const outcome = createPart(
      input({
        code: "BR 12/3",
        alternativeCodes: [
          { code: "TRW-BR123", description: "Código TRW" },
          { code: "gdb 1234", description: null },
        ],
        fitments: [
          { vehicleId: vehicleIds[0]!, notes: "Dianteira" },
          { vehicleId: vehicleIds[1]!, notes: null },
        ],
      }),
      adminId,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const part = getPart(outcome.value.id)!;
    expect(part.code).toBe("BR 12/3");
    expect(part.mercadoLivreLink).toBe("https://lista.mercadolivre.com.br/BR%2012%2F3");
    expect(part.mercadoLivreLink).toBe(marketplaceSearchLink("BR 12/3"));
    expect(db().select().from(parts).where(eq(parts.id, part.id)).get()!.codeNorm).toBe("BR123");
    expect(part.alternativeCodes.map((c) => c.code)).toEqual(["TRW-BR123", "gdb 1234"]);
    expect(part.fitments.map((f) => [f.vehicleId, f.notes])).toEqual([
      [vehicleIds[0], "Dianteira"],
      [vehicleIds[1], null],
    ]);
    const logged = activityFor(part.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorId: adminId,
      type: "part",
      action: m.activityCreated("BR 12/3"),
    });
  });

  it("keeps a marketplace link that was given", () => {
    const outcome = createPart(
      input({ code: "ML-1", mercadoLivreLink: "https://example.com/p/1" }),
      adminId,
    );
    expect(outcome.ok && getPart(outcome.value.id)!.mercadoLivreLink).toBe(
      "https://example.com/p/1",
    );
  });

  it("refuses the same normalised code of the same manufacturer, with a pt-BR message on the code", () => {
    expect(createPart(input({ code: "DUP-1" }), adminId).ok).toBe(true);
    const twin = createPart(input({ code: "dup 1" }), adminId);
    expect(twin).toEqual({
      ok: false,
      reason: "duplicate",
      message: m.duplicatePart("dup 1", "Cobreq"),
      field: "code",
    });
    expect(createPart(input({ code: "dup 1", manufacturer: "Fras-le" }), adminId).ok).toBe(true);
  });

  it("refuses an unknown category or vehicle and writes nothing", () => {
    const before = db().select().from(parts).all().length;
    expect(createPart(input({ code: "X-1", categoryId: 999_999 }), adminId)).toMatchObject({
      ok: false,
      reason: "invalid_reference",
      field: "categoryId",
    });
    expect(
      createPart(input({ code: "X-2", fitments: [{ vehicleId: 999_999 }] }), adminId),
    ).toMatchObject({
      ok: false,
      reason: "invalid_reference",
      message: m.vehicleNotFound,
      field: "vehicleIds",
    });
    expect(db().select().from(parts).all().length).toBe(before);
  });
});

describe("updatePart", () => {
  it("replaces the alternative codes and the vehicle set, keeping a kept vehicle's position, side and years", () => {
    const created = createPart(
      input({
        code: "UP-1",
        alternativeCodes: [{ code: "OLD-1", description: null }],
        fitments: [
          { vehicleId: vehicleIds[0]!, notes: "antiga" },
          { vehicleId: vehicleIds[1]!, notes: null },
        ],
      }),
      adminId,
    );
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    db()
      .update(partVehicles)
      .set({ position: "dianteiro", side: "esquerdo", yearFrom: 2014, yearTo: 2018 })
      .where(eq(partVehicles.vehicleId, vehicleIds[0]!))
      .run();

    const outcome = updatePart(
      id,
      input({
        code: "UP-1",
        name: "Pastilha nova",
        categoryId: otherCategoryId,
        alternativeCodes: [
          { code: "NEW-1", description: "nova" },
          { code: "NEW-2", description: null },
        ],
        fitments: [
          { vehicleId: vehicleIds[0]!, notes: "nova nota" },
          { vehicleId: vehicleIds[2]!, notes: null },
        ],
      }),
      adminId,
    );
    expect(outcome).toEqual({ ok: true, value: { id, code: "UP-1" } });
    const part = getPart(id)!;
    expect(part.name).toBe("Pastilha nova");
    expect(part.categoryId).toBe(otherCategoryId);
    expect(part.alternativeCodes.map((c) => c.code)).toEqual(["NEW-1", "NEW-2"]);
    const kept = part.fitments.find((f) => f.vehicleId === vehicleIds[0]);
    expect(kept).toMatchObject({
      notes: "nova nota",
      position: "dianteiro",
      side: "esquerdo",
      yearFrom: 2014,
      yearTo: 2018,
    });
    expect(part.fitments.map((f) => f.vehicleId).sort()).toEqual(
      [vehicleIds[0], vehicleIds[2]].sort(),
    );
    expect(activityFor(id).map((a) => a.action)).toContain(m.activityUpdated("UP-1"));
  });

  it("leaves codes and vehicles alone when they are not given, and keeps notes when none are sent", () => {
    const created = createPart(
      input({
        code: "UP-2",
        alternativeCodes: [{ code: "KEEP-1", description: null }],
        fitments: [{ vehicleId: vehicleIds[0]!, notes: "fica" }],
      }),
      adminId,
    );
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    updatePart(
      id,
      {
        ...input({ code: "UP-2", name: "Só o nome" }),
        alternativeCodes: undefined,
        fitments: undefined,
      },
      adminId,
    );
    expect(getPart(id)!.alternativeCodes.map((c) => c.code)).toEqual(["KEEP-1"]);
    expect(getPart(id)!.fitments.map((f) => f.notes)).toEqual(["fica"]);

    updatePart(
      id,
      {
        ...input({ code: "UP-2" }),
        alternativeCodes: undefined,
        fitments: [{ vehicleId: vehicleIds[0]! }, { vehicleId: vehicleIds[3]! }],
      },
      adminId,
    );
    const fitments = getPart(id)!.fitments;
    expect(fitments.find((f) => f.vehicleId === vehicleIds[0])!.notes).toBe("fica");
    expect(fitments).toHaveLength(2);
  });

  it("answers 404 for an unknown part and 409 when taking another part's code", () => {
    expect(updatePart(999_999, input({ code: "NONE" }), adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    const a = createPart(input({ code: "TAKEN-A" }), adminId);
    const b = createPart(input({ code: "TAKEN-B" }), adminId);
    if (!a.ok || !b.ok) throw new Error("setup");
    expect(updatePart(b.value.id, input({ code: "taken a" }), adminId)).toMatchObject({
      ok: false,
      reason: "duplicate",
      field: "code",
    });
    expect(
      updatePart(a.value.id, input({ code: "TAKEN-A", name: "mesmo código" }), adminId).ok,
    ).toBe(true);
  });
});

describe("deletePart", () => {
  it("removes the part with its codes and fitments, and logs it", () => {
    const created = createPart(
      input({
        code: "DEL-1",
        alternativeCodes: [{ code: "DEL-ALT", description: null }],
        fitments: [{ vehicleId: vehicleIds[0]! }],
      }),
      adminId,
    );
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    expect(deletePart(id, adminId)).toEqual({ ok: true, value: { id, code: "DEL-1" } });
    expect(getPart(id)).toBeUndefined();
    expect(
      db().select().from(partAlternativeCodes).where(eq(partAlternativeCodes.partId, id)).all(),
    ).toEqual([]);
    expect(db().select().from(partVehicles).where(eq(partVehicles.partId, id)).all()).toEqual([]);
    expect(activityFor(id).map((a) => a.action)).toContain(m.activityDeleted("DEL-1"));
    expect(deletePart(id, adminId)).toMatchObject({ ok: false, reason: "not_found" });
  });
});

describe("the admin list", () => {
  let listed: number;
  beforeAll(() => {
    const category = createCategory("Lista Modelo").id;
    const part = insertPart({
      code: "LST-55.10",
      name: "Amortecedor dianteiro",
      manufacturer: "Nakata",
      categoryId: category,
      alternatives: ["ZZ-3", "AA-1", "MM-2"],
    });
    listed = part.id;
    fit(part.id, vehicleIds[0]!);
    fit(part.id, vehicleIds[1]!);
    for (let i = 0; i < 25; i++)
      insertPart({
        code: `PAGE-${String(i).padStart(2, "0")}`,
        name: `Peça de página ${i}`,
        categoryId: category,
      });
  });

  it("finds a part by its code typed any way, an alternative code, the name or the manufacturer", async () => {
    for (const q of ["lst 5510", "ST-55", "mm 2", "amortecedor", "nakata"]) {
      expect(
        (await queryParts({ q }, 20, 0)).items.map((p) => p.id),
        q,
      ).toContain(listed);
    }
    expect(await queryParts({ q: "inexistente-xyz" }, 20, 0)).toEqual({ items: [], total: 0 });
  });

  it("shows the counts, the first two alternative codes and the category", async () => {
    const [item] = (await queryParts({ q: "LST5510" }, 20, 0)).items;
    expect(item).toMatchObject({
      code: "LST-55.10",
      categoryName: "Lista Modelo",
      alternativeCodesCount: 3,
      firstAlternativeCodes: ["AA-1", "MM-2"],
      vehiclesCount: 2,
    });
  });

  it("filters by category and pages by 20, a page past the end showing the last", async () => {
    const first = await listPartsPage({ q: "PAGE", page: 1 });
    expect(first).toMatchObject({ total: 25, pages: 2, page: 1, perPage: 20 });
    expect(first.items).toHaveLength(20);
    const pastTheEnd = await listPartsPage({ q: "PAGE", page: 9 });
    expect(pastTheEnd.items).toHaveLength(5);
    expect(pastTheEnd.page).toBe(2);
    expect((await queryParts({ categoryId: otherCategoryId, q: "LST" }, 20, 0)).total).toBe(0);
  });

  it("gives the same total and order on every slice and step size, with or without text", async () => {
    // Found only through its alternative code, which a stepped scan reads range by range too.
    insertPart({ code: "XQ-9", name: "Outra", alternatives: ["PAGE-ALT"] });
    for (const filter of [{ q: "page" }, { q: "peça" }, { categoryId: otherCategoryId }, {}]) {
      const label = JSON.stringify(filter);
      const whole = await queryParts(filter, 1_000, 0, 1_000_000);
      expect(whole.total, label).toBe(whole.items.length);
      const ids = whole.items.map((p) => p.id);
      for (const stepRows of [1, 2, 7, 1_000_000]) {
        const slices = [];
        for (const offset of [0, 7, 14, 21])
          slices.push(await queryParts(filter, 7, offset, stepRows));
        expect(
          slices.map((slice) => slice.total),
          `${label} step ${stepRows}`,
        ).toEqual(slices.map(() => whole.total));
        expect(slices.flatMap((slice) => slice.items.map((p) => p.id))).toEqual(ids.slice(0, 28));
        expect(await queryParts(filter, 7, whole.total + 7, stepRows)).toEqual({
          items: [],
          total: whole.total,
        });
      }
      // Deeper than a stepped slice keeps: one statement, the same answer.
      expect((await queryParts(filter, 5, 1_999)).total).toBe(whole.total);
    }
  });

  it("lets the process answer other work while a text search reads the catalogue", async () => {
    const order: string[] = [];
    const search = queryParts({ q: "page" }, 20, 0, 1).then(() => order.push("search"));
    setImmediate(() => order.push("other work"));
    await search;
    expect(order).toEqual(["other work", "search"]);
  });

  it("puts the exact code first", async () => {
    insertPart({ code: "PAGE", name: "Código curto" });
    expect((await queryParts({ q: "page" }, 20, 0)).items[0]!.code).toBe("PAGE");
  });
});

describe("the vehicle picker", () => {
  const none = { search: "", brand: "", onlySelected: false };

  it("pages through the vehicles, selected ones first", () => {
    const page = vehiclePickerPage(none, [vehicleIds[3]!], 1, 2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBe(vehicleIds[3]);
  });

  it("matches every word against brand, model, version and year; brand ignoring case; or only the selection", () => {
    expect(vehiclePickerPage({ ...none, search: "gol 2016" }, []).items.map((v) => v.id)).toEqual([
      vehicleIds[1],
    ]);
    expect(vehiclePickerPage({ ...none, search: "vivace" }, []).items.map((v) => v.id)).toEqual([
      vehicleIds[2],
    ]);
    expect(vehiclePickerPage({ ...none, brand: "volkswagen" }, []).total).toBe(2);
    expect(
      vehiclePickerPage({ ...none, onlySelected: true }, [vehicleIds[2]!, vehicleIds[3]!])
        .items.map((v) => v.id)
        .sort(),
    ).toEqual([vehicleIds[2], vehicleIds[3]].sort());
    expect(vehiclePickerPage({ ...none, onlySelected: true }, []).total).toBe(0);
    expect(filteredVehicleIds({ ...none, search: "gol" }, [])).toEqual([
      vehicleIds[0],
      vehicleIds[1],
    ]);
  });

  it("treats % and _ typed in the search as letters", () => {
    expect(vehiclePickerPage({ ...none, search: "%" }, []).total).toBe(0);
  });
});

describe("one alternative code or vehicle at a time", () => {
  it("adds, lists and removes alternative codes by any spelling; a repeat is refused", () => {
    const created = createPart(input({ code: "ONE-1" }), adminId);
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    expect(
      addAlternativeCode(id, { code: "OE-77.1", description: "Original" }, adminId),
    ).toMatchObject({ ok: true, value: { code: "OE-77.1" } });
    expect(addAlternativeCode(id, { code: "oe 771", description: null }, adminId)).toEqual({
      ok: false,
      reason: "duplicate",
      message: m.alternativeCodeDuplicate,
      field: "code",
    });
    expect(listAlternativeCodes(id)!.map((c) => c.code)).toEqual(["OE-77.1"]);
    expect(removeAlternativeCode(id, "oe771", adminId)).toMatchObject({
      ok: true,
      value: { code: "OE-77.1" },
    });
    expect(removeAlternativeCode(id, "oe771", adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(listAlternativeCodes(999_999)).toBeUndefined();
    expect(addAlternativeCode(999_999, { code: "A", description: null }, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
  });

  it("links a vehicle, updates its notes keeping the other fields, and unlinks it", () => {
    const created = createPart(input({ code: "ONE-2" }), adminId);
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    expect(linkVehicle(id, { vehicleId: vehicleIds[0]!, notes: "nota" }, adminId)).toEqual({
      ok: true,
      value: { created: true },
    });
    db()
      .update(partVehicles)
      .set({ position: "traseiro" })
      .where(eq(partVehicles.partId, id))
      .run();
    expect(linkVehicle(id, { vehicleId: vehicleIds[0]!, notes: "outra" }, adminId)).toEqual({
      ok: true,
      value: { created: false },
    });
    expect(getPart(id)!.fitments[0]).toMatchObject({ notes: "outra", position: "traseiro" });
    expect(linkVehicle(id, { vehicleId: 999_999, notes: null }, adminId)).toMatchObject({
      ok: false,
      reason: "invalid_reference",
    });
    expect(unlinkVehicle(id, vehicleIds[0]!, adminId)).toEqual({
      ok: true,
      value: { vehicleId: vehicleIds[0] },
    });
    expect(unlinkVehicle(id, vehicleIds[0]!, adminId)).toMatchObject({
      ok: false,
      reason: "not_found",
      message: m.fitmentNotFound,
    });
  });
});

/** The field messages of a submission, whatever its status. */
const errorOf = (submission: ReturnType<typeof parsePartForm>) =>
  "error" in submission ? submission.error : undefined;

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the part form", () => {
  it("asks for code, name, category and manufacturer with the spec's message", () => {
    const submission = parsePartForm(form([["description", "algo"]]));
    expect(submission.status).toBe("error");
    for (const field of ["code", "name", "categoryId", "manufacturer"])
      expect(errorOf(submission)?.[field]).toEqual([m.required]);
  });

  it("skips blank alternative code rows, asks for a code next to a lone description and flags the repeat", () => {
    const base: [string, string][] = [
      ["code", "F-1"],
      ["name", "Filtro"],
      ["categoryId", String(categoryId)],
      ["manufacturer", "Mann"],
    ];
    const ok = parsePartForm(
      form([
        ...base,
        ["alternativeCodes[0].code", ""],
        ["alternativeCodes[1].code", "W-712"],
        ["vehicleIds", "3"],
        ["vehicleIds", "3"],
        ["fitmentNotes.3", " motor 1.0 "],
      ]),
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.alternativeCodes).toEqual([{ code: "W-712", description: null }]);
      expect(ok.value.fitments).toEqual([{ vehicleId: 3, notes: "motor 1.0" }]);
    }
    const bad = parsePartForm(
      form([
        ...base,
        ["alternativeCodes[0].code", "W-712"],
        ["alternativeCodes[1].code", "w 712"],
        ["alternativeCodes[2].description", "sem código"],
      ]),
    );
    expect(errorOf(bad)?.["alternativeCodes[1].code"]).toEqual([m.alternativeCodeDuplicate]);
    expect(errorOf(bad)?.["alternativeCodes[2].code"]).toEqual([m.alternativeCodeRequired]);
  });

  it("refuses an alternative code over 100 characters and a link that is not http(s)", () => {
    const bad = parsePartForm(
      form([
        ["alternativeCodes[0].code", "A".repeat(101)],
        ["mercadoLivreLink", "javascript:alert(1)"],
      ]),
    );
    expect(errorOf(bad)?.["alternativeCodes[0].code"]).toEqual([m.alternativeCodeTooLong(100)]);
    expect(errorOf(bad)?.mercadoLivreLink).toEqual([m.linkInvalid]);
  });

  it("lets a picker button through without validating, keeping the values", () => {
    const submission = parsePartForm(
      form([
        ["name", "só nome"],
        ["intent", "filter-vehicles"],
      ]),
    );
    expect(submission.status).toBe("success");
    expect(submission.payload).toMatchObject({ name: "só nome" });
  });
});
