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
import type { PartHit } from "~/models/search/index.server";
import { vehicleFields } from "./vehicles";

function alternativeCodeView(code: AlternativeCode) {
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
function partCoreFields(part: PartCore) {
  return {
    id: part.id,
    code: part.code,
    name: part.name,
    manufacturer: part.manufacturer,
    description: part.description,
    category_id: part.categoryId,
    category_name: part.categoryName,
    /** The public spec's clients read `category`; same value as category_name. */
    category: part.categoryName,
    mercado_livre_link: part.mercadoLivreLink,
    image_url: part.imageUrl,
    alternative_codes: part.alternativeCodes.map(alternativeCodeView),
  };
}

function partFields(hit: PartHit & { alternativeCodes: AlternativeCode[] }, compatCount: number) {
  return {
    ...partCoreFields(hit),
    compat_count: compatCount,
    /** The alternative code the part was found through ("encontrado via código X"), else null. */
    found_via: hit.viaCode,
    match: hit.match,
  };
}

/** Search hits as the spec's Part list, with alternative codes and compatible-vehicle counts. */
export function partListView(parts: CataloguePart[]) {
  return parts.map((part) => partFields(part, part.compatCount));
}

/** How a part fits a vehicle: its notes, position, side and years. */
export function fitmentView(fitment: FitmentFields) {
  return {
    notes: fitment.notes,
    position: fitment.position,
    side: fitment.side,
    year_from: fitment.yearFrom,
    year_to: fitment.yearTo,
  };
}

/** A compatible vehicle: the vehicle's fields plus the fitment's notes, position, side and years. */
export function compatibleVehicleView(vehicle: CompatibleVehicle) {
  const { notes, ...placement } = fitmentView(vehicle);
  return {
    id: vehicle.id,
    vehicle_id: vehicle.id,
    ...vehicleFields(vehicle),
    notes,
    /** The admin spec's name for the fitment notes. */
    compatibility_notes: notes,
    ...placement,
  };
}

export function vehiclePageView(page: VehiclePage) {
  return {
    items: page.items.map(compatibleVehicleView),
    total: page.total,
    page: page.page,
    pages: page.pages,
    per_page: page.perPage,
  };
}

/** GET /api/parts/:id: the Part with its alternative codes and the first page of compatible vehicles. */
export function partDetailView(part: CataloguePartDetail) {
  return {
    ...partFields(part, part.vehicles.total),
    compatible_vehicles: part.vehicles.items.map(compatibleVehicleView),
  };
}

/** GET /api/parts: the admin list's rows in the spec's Part shape, with every alternative code and the counts. */
export function partAdminListView(
  items: (PartListItem & { alternativeCodes: AlternativeCode[] })[],
) {
  return items.map((item) => ({
    ...partCoreFields(item),
    alternative_codes_count: item.alternativeCodesCount,
    compat_count: item.vehiclesCount,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  }));
}

/** One alternative code of the admin endpoints (/api/parts/:id/alternative-codes). */
export function partAlternativeCodeView(code: AlternativeCodeRow) {
  return { id: code.id, alternative_code: code.code, description: code.description };
}
