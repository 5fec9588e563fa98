import { createVehicle } from "./factories";

type VehicleFields = NonNullable<Parameters<typeof createVehicle>[0]>;

/** A vehicle as a fixture table writes it: brand, model and year, then any other field. */
export type VehicleRow = [
  brand: string,
  model: string,
  year: number,
  more?: Omit<VehicleFields, "brand" | "model" | "year">,
];

/** Creates a fixture's vehicles from one table, in the table's order, and returns each by name. */
export function createVehicles<Name extends string>(rows: Record<Name, VehicleRow>) {
  const created = {} as Record<Name, ReturnType<typeof createVehicle>>;
  for (const name of Object.keys(rows) as Name[]) {
    const [brand, model, year, more] = rows[name];
    created[name] = createVehicle({ brand, model, year, ...more });
  }
  return created;
}
