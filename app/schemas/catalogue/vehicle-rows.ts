/**
 * How the catalogue's vehicles read as rows: the shapes the catalogue model's queries return and
 * the search cards and admin lists draw. Types only, declared here because components may import
 * schemas but not models.
 */

/** How a list names a vehicle: brand, model, generation, year, version and engine. */
export type VehicleName = {
  id: number;
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string | null;
};

/** What a part–vehicle link says of its own: notes, position, side and the years it covers. */
export type FitmentFields = {
  notes: string | null;
  position: string | null;
  side: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};

/**
 * The vehicles a part fits, one entry per model and generation (and per position and side, which
 * change the part): "Volkswagen Gol G5 2010–2012", with its versions, engines and fitment notes.
 */
export type VehicleGroup = {
  brand: string;
  model: string;
  generation: string | null;
  /** The years covered, merged into runs: [[2010, 2012], [2014, 2014]]. */
  years: [number, number][];
  versions: string[];
  engines: string[];
  fuels: string[];
  position: string | null;
  side: string | null;
  notes: string[];
  /** How many vehicle rows (model-years, versions) the group stands for. */
  vehicles: number;
};
