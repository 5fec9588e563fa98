import { z } from "zod";
import type {
  AlternativeCode,
  AlternativeCodeRow,
  CataloguePart,
  CataloguePartDetail,
  CompatibleVehicle,
  FitmentFields,
  PartListItem,
  VehiclePage,
} from "~/models/catalogue/index.server";
import type { MatchKind, PartHit } from "~/models/search/index.server";
import { vehicleFields, vehicleFieldsSchema } from "./vehicles";

/** How a search reached a part: its own code, an alternative code, a prefix of either, or words. */
export const PART_MATCHES = [
  "code",
  "alternative",
  "code_prefix",
  "alternative_prefix",
  "description",
] as const satisfies readonly MatchKind[];

/** One alternative code of a part (the admin endpoints, /api/parts/:id/alternative-codes, too). */
export const alternativeCodeViewSchema = z.object({
  id: z.int(),
  alternative_code: z.string(),
  description: z.string().nullable(),
});
export type AlternativeCodeView = z.infer<typeof alternativeCodeViewSchema>;

function alternativeCodeView(code: AlternativeCode): AlternativeCodeView {
  return { id: code.id, alternative_code: code.alternativeCode, description: code.description };
}

type PartCore = Pick<
  PartHit,
  | "id"
  | "code"
  | "name"
  | "manufacturer"
  | "description"
  | "categoryId"
  | "categoryName"
  | "mercadoLivreLink"
  | "imageUrl"
> & { alternativeCodes: AlternativeCode[] };

/** The fields every Part shape of the spec opens with, in the order the answers show them. */
const partCoreSchema = z.object({
  id: z.int(),
  code: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  description: z.string().nullable(),
  category_id: z.int().nullable(),
  category_name: z.string().nullable(),
  /** The public spec's clients read `category`; same value as category_name. */
  category: z.string().nullable(),
  mercado_livre_link: z.string().nullable(),
  image_url: z.string().nullable(),
  alternative_codes: z.array(alternativeCodeViewSchema),
});

function partCoreFields(part: PartCore): z.infer<typeof partCoreSchema> {
  return {
    id: part.id,
    code: part.code,
    name: part.name,
    manufacturer: part.manufacturer,
    description: part.description,
    category_id: part.categoryId,
    category_name: part.categoryName,
    category: part.categoryName,
    mercado_livre_link: part.mercadoLivreLink,
    image_url: part.imageUrl,
    alternative_codes: part.alternativeCodes.map(alternativeCodeView),
  };
}

/** The spec's Part as searches answer it: with its compatible-vehicle count and how it was found. */
export const partViewSchema = partCoreSchema.extend({
  compat_count: z.int(),
  /** The alternative code the part was found through ("encontrado via código X"), else null. */
  found_via: z.string().nullable(),
  match: z.enum(PART_MATCHES),
});
export type PartView = z.infer<typeof partViewSchema>;

function partFields(
  hit: PartHit & { alternativeCodes: AlternativeCode[] },
  compatCount: number,
): PartView {
  return {
    ...partCoreFields(hit),
    compat_count: compatCount,
    found_via: hit.viaCode,
    match: hit.match,
  };
}

/** Search hits as the spec's Part list, with alternative codes and compatible-vehicle counts. */
export function partListView(parts: CataloguePart[]): PartView[] {
  return parts.map((part) => partFields(part, part.compatCount));
}

/** How a part fits a vehicle: its notes, position, side and years. */
export const fitmentViewSchema = z.object({
  notes: z.string().nullable(),
  position: z.string().nullable(),
  side: z.string().nullable(),
  year_from: z.int().nullable(),
  year_to: z.int().nullable(),
});
export type FitmentView = z.infer<typeof fitmentViewSchema>;

export function fitmentView(fitment: FitmentFields): FitmentView {
  return {
    notes: fitment.notes,
    position: fitment.position,
    side: fitment.side,
    year_from: fitment.yearFrom,
    year_to: fitment.yearTo,
  };
}

/** A compatible vehicle: the vehicle's fields plus the fitment's notes, position, side and years. */
export const compatibleVehicleViewSchema = z.object({
  id: z.int(),
  vehicle_id: z.int(),
  ...vehicleFieldsSchema.shape,
  notes: z.string().nullable(),
  /** The admin spec's name for the fitment notes. */
  compatibility_notes: z.string().nullable(),
  ...fitmentViewSchema.omit({ notes: true }).shape,
});
export type CompatibleVehicleView = z.infer<typeof compatibleVehicleViewSchema>;

export function compatibleVehicleView(vehicle: CompatibleVehicle): CompatibleVehicleView {
  const { notes, ...placement } = fitmentView(vehicle);
  return {
    id: vehicle.id,
    vehicle_id: vehicle.id,
    ...vehicleFields(vehicle),
    notes,
    compatibility_notes: notes,
    ...placement,
  };
}

/** GET /api/vehicles/by-part/:partId: a page of the vehicles a part fits. */
export const vehiclePageViewSchema = z.object({
  items: z.array(compatibleVehicleViewSchema),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  per_page: z.int(),
});
export type VehiclePageView = z.infer<typeof vehiclePageViewSchema>;

export function vehiclePageView(page: VehiclePage): VehiclePageView {
  return {
    items: page.items.map(compatibleVehicleView),
    total: page.total,
    page: page.page,
    pages: page.pages,
    per_page: page.perPage,
  };
}

/** GET /api/parts/:id: the Part with its alternative codes and the first page of compatible vehicles. */
export const partDetailViewSchema = partViewSchema.extend({
  compatible_vehicles: z.array(compatibleVehicleViewSchema),
});
export type PartDetailView = z.infer<typeof partDetailViewSchema>;

export function partDetailView(part: CataloguePartDetail): PartDetailView {
  return {
    ...partFields(part, part.vehicles.total),
    compatible_vehicles: part.vehicles.items.map(compatibleVehicleView),
  };
}

/** GET /api/parts: the admin list's rows in the spec's Part shape, with every alternative code and the counts. */
export const partAdminRowViewSchema = partCoreSchema.extend({
  alternative_codes_count: z.int(),
  compat_count: z.int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PartAdminRowView = z.infer<typeof partAdminRowViewSchema>;

export function partAdminListView(
  items: (PartListItem & { alternativeCodes: AlternativeCode[] })[],
): PartAdminRowView[] {
  return items.map((item) => ({
    ...partCoreFields(item),
    alternative_codes_count: item.alternativeCodesCount,
    compat_count: item.vehiclesCount,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  }));
}

/** One alternative code of the admin endpoints (/api/parts/:id/alternative-codes). */
export function partAlternativeCodeView(code: AlternativeCodeRow): AlternativeCodeView {
  return { id: code.id, alternative_code: code.code, description: code.description };
}
