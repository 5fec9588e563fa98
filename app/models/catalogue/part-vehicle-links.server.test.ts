import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { partVehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { partInput, seedPartFixture } from "../../../tests/support/part-fixture";
import { linkVehicle, unlinkVehicle } from "./part-vehicle-links.server";
import { createPart, type PartInput } from "./part-write.server";
import { getPart } from "./part.server";

const m = messages.parts;
const vehicleIds: number[] = [];
let adminId: number, categoryId: number;
beforeAll(async () => ({ adminId, categoryId } = await seedPartFixture({ vehicleIds })));
const input = (overrides?: Partial<PartInput>) => partInput(categoryId, overrides);

describe("one alternative code or vehicle at a time", () => {
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
