/**
 * One part as an import brings it, whatever it came from (the catalogue source API or a CSV
 * file): the shape the catalogue writer plans and applies.
 */
export type CatalogueFitmentInput = {
  brand: string;
  model: string;
  /** The vehicles linked: one per year from yearStart to yearEnd. */
  yearStart: number;
  yearEnd: number;
  /**
   * The years the fitment itself says it covers (a generation's, say, wider than the vehicles
   * linked); absent, yearStart to yearEnd.
   */
  fitmentYearFrom?: number;
  fitmentYearTo?: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  position: string | null;
  notes: string | null;
};

/** The part's own fields, before the vehicles it fits. */
export type CataloguePartInput = {
  code: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string | null;
  alternativeCodes: string[];
};

export type CatalogueItemInput = CataloguePartInput & { fitments: CatalogueFitmentInput[] };
