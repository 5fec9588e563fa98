import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, partAlternativeCodes, parts, partVehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { createCategory } from "../../../tests/support/factories";
import { partInput, seedPartFixture } from "../../../tests/support/part-fixture";
import { createPart, deletePart, updatePart, type PartInput } from "./part-write.server";
import { getPart, marketplaceSearchLink } from "./part.server";

const m = messages.parts;
const vehicleIds: number[] = [];
let adminId: number, categoryId: number, otherCategoryId: number;
beforeAll(async () => {
  ({ adminId, categoryId } = await seedPartFixture({ vehicleIds }));
  otherCategoryId = createCategory("Motor Modelo").id;
});
const input = (overrides?: Partial<PartInput>) => partInput(categoryId, overrides);

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
