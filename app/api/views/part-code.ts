import { z } from "zod";
import type { CataloguePart } from "~/models/catalogue/index.server";
import { partListView, partViewSchema, type PartView } from "./parts";

/**
 * What GET /api/parts/code/:code answers beside `data` (the part whose own code it is): the other
 * manufacturers' parts with the same code, in the same shape, by manufacturer (ADR 0054).
 */
export const partCodeExtrasSchema = z.object({ same_code: z.array(partViewSchema) });

export function partCodeView(parts: CataloguePart[]): {
  data: PartView;
  same_code: PartView[];
} {
  const [data, ...sameCode] = partListView(parts);
  return { data: data!, same_code: sameCode };
}
