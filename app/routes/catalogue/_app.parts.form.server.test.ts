import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { seedPartFixture } from "../../../tests/support/part-fixture";
import { submitPartForm } from "./_app.parts.form.server";

const m = messages.parts;
const vehicleIds: number[] = [];
let adminId: number, categoryId: number;
beforeAll(async () => ({ adminId, categoryId } = await seedPartFixture({ vehicleIds })));

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("submitPartForm", () => {
  const post = (entries: [string, string][]) =>
    new Request("http://localhost/parts/new", { method: "POST", body: form(entries) });

  it("re-renders with the picker moved on and the selection grown for 'select all filtered'", async () => {
    const outcome = await submitPartForm(
      post([
        ["vehicleSearch", "gol"],
        ["vehicleIds", String(vehicleIds[3])],
        ["intent", "select-filtered-vehicles"],
      ]),
      { actorId: adminId },
    );
    expect(outcome.type).toBe("render");
    if (outcome.type !== "render") return;
    expect(outcome.status).toBe(200);
    expect(outcome.result.error).toBeUndefined();
    expect([...outcome.picker.selection].sort()).toEqual(
      [vehicleIds[3], vehicleIds[0], vehicleIds[1]].sort(),
    );
    expect(outcome.picker.results.total).toBe(2);
  });

  it("adds an alternative code row without JavaScript (a Conform list intent)", async () => {
    const intent = JSON.stringify({ type: "insert", payload: { name: "alternativeCodes" } });
    const outcome = await submitPartForm(
      post([
        ["code", "ROW-1"],
        ["alternativeCodes[0].code", "A-1"],
        ["__intent__", intent],
      ]),
      { actorId: adminId },
    );
    if (outcome.type !== "render") throw new Error("expected a render");
    expect(outcome.result.initialValue).toMatchObject({
      code: "ROW-1",
      alternativeCodes: [{ code: "A-1" }, undefined],
    });
  });

  it("saves a valid form and answers a duplicate with the message on the code field", async () => {
    const entries: [string, string][] = [
      ["code", "SAVE-1"],
      ["name", "Correia"],
      ["categoryId", String(categoryId)],
      ["manufacturer", "Gates"],
      ["vehicleIds", String(vehicleIds[0])],
    ];
    const saved = await submitPartForm(post(entries), { actorId: adminId });
    expect(saved.type).toBe("saved");
    const again = await submitPartForm(post(entries), { actorId: adminId });
    if (again.type !== "render") throw new Error("expected a render");
    expect(again.status).toBe(409);
    expect(again.result.error?.code).toEqual([m.duplicatePart("SAVE-1", "Gates")]);
    expect(again.picker.selection).toEqual([vehicleIds[0]]);
  });
});
