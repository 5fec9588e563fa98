import { beforeAll, describe, expect, it } from "vitest";
import { createPickerVehicles } from "../../../tests/support/factories";
import { filteredVehicleIds, vehiclePickerPage } from "./vehicle-picker.server";

const vehicleIds: number[] = [];

beforeAll(() => {
  vehicleIds.push(...createPickerVehicles());
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
