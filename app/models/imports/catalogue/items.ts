/**
 * One part as an import brings it, whatever it came from (the catalogue source API or a CSV
 * file): the shape the catalogue writer plans and applies.
 */
export type CatalogueFitmentInput = {
  brand: string;
  model: string;
  yearStart: number;
  yearEnd: number;
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
