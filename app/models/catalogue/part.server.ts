import { asc, eq } from "drizzle-orm";
import { categories, partAlternativeCodes, parts, partVehicles, vehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  alternativeCodesFor,
  compatibleVehicleCounts,
  fitmentColumns,
  vehicleNameColumns,
  vehiclesForPart,
  withAlternativeCodes,
  type AlternativeCode,
  type FitmentFields,
  type VehicleName,
  type VehiclePage,
} from "./fitment.server";
import { findPartHit, type PartHit } from "../search/codes.server";

/**
 * Reading one part: its columns, the admin's detail (codes and fitments) and the public
 * catalogue's Part. The admin list is in part-list.server, writes in part-write.server.
 */

/** The spec's default marketplace link: a Mercado Livre search for the part's code. */
export function marketplaceSearchLink(code: string): string {
  return `https://lista.mercadolivre.com.br/${encodeURIComponent(code)}`;
}

/** A row of `partColumns`. */
export type PartRow = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  categoryId: number | null;
  categoryName: string | null;
  manufacturer: string;
  mercadoLivreLink: string | null;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A part's columns with its category's name: every part query reads these (left join categories). */
export const partColumns = {
  id: parts.id,
  code: parts.code,
  name: parts.name,
  description: parts.description,
  categoryId: parts.categoryId,
  categoryName: categories.name,
  manufacturer: parts.manufacturer,
  mercadoLivreLink: parts.mercadoLivreLink,
  imageUrl: parts.imageUrl,
  createdAt: parts.createdAt,
  updatedAt: parts.updatedAt,
};

/** The few of them a parts picker or a vehicle's parts list shows. */
export const partSummaryColumns = {
  id: partColumns.id,
  code: partColumns.code,
  name: partColumns.name,
  manufacturer: partColumns.manufacturer,
  categoryName: partColumns.categoryName,
};

/** Categories a part may belong to, by name: the options of the form and of the list filter. */
export function partCategoryOptions(): { id: number; name: string }[] {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
}

export type PartFitment = { vehicleId: number } & Omit<VehicleName, "id"> & FitmentFields;

export type AlternativeCodeRow = { id: number; code: string; description: string | null };

export type PartDetail = PartRow & {
  alternativeCodes: AlternativeCodeRow[];
  fitments: PartFitment[];
};

/** A part's alternative codes in the order they were added. */
export function alternativeCodesOf(partId: number): AlternativeCodeRow[] {
  return db()
    .select({
      id: partAlternativeCodes.id,
      code: partAlternativeCodes.alternativeCode,
      description: partAlternativeCodes.description,
    })
    .from(partAlternativeCodes)
    .where(eq(partAlternativeCodes.partId, partId))
    .orderBy(asc(partAlternativeCodes.id))
    .all();
}

/** A part with its alternative codes and (unless told not to) every fitment: the vehicle and the link's own fields. */
export function getPart(
  id: number,
  options: { withFitments?: boolean } = {},
): PartDetail | undefined {
  const part = db()
    .select(partColumns)
    .from(parts)
    .leftJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(parts.id, id))
    .get();
  if (!part) return undefined;
  const alternativeCodes = alternativeCodesOf(id);
  if (options.withFitments === false) return { ...part, alternativeCodes, fitments: [] };
  const { id: vehicleId, ...vehicleName } = vehicleNameColumns;
  const fitments = db()
    .select({ vehicleId, ...vehicleName, ...fitmentColumns })
    .from(partVehicles)
    .innerJoin(vehicles, eq(vehicles.id, partVehicles.vehicleId))
    .where(eq(partVehicles.partId, id))
    .orderBy(asc(vehicles.brand), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id))
    .all();
  return { ...part, alternativeCodes, fitments };
}

// --- The public catalogue's Part: search answers and part detail over the API -----------------

export type CataloguePart = PartHit & { alternativeCodes: AlternativeCode[]; compatCount: number };

/** Search hits with their alternative codes and compatible-vehicle counts, in two queries. */
export function withCatalogueFacts(hits: PartHit[]): CataloguePart[] {
  const counts = compatibleVehicleCounts(hits.map((hit) => hit.id));
  return withAlternativeCodes(hits).map((hit) => ({
    ...hit,
    compatCount: counts.get(hit.id) ?? 0,
  }));
}

export type CataloguePartDetail = PartHit & {
  alternativeCodes: AlternativeCode[];
  /** The first page of the vehicles it fits; its total is the part's compatible-vehicle count. */
  vehicles: VehiclePage;
};

/** One part with its alternative codes and the first page of the vehicles it fits, or undefined. */
export function cataloguePartDetail(
  id: number,
  vehiclesPerPage: number,
): CataloguePartDetail | undefined {
  const hit = findPartHit(id);
  if (!hit) return undefined;
  return {
    ...hit,
    alternativeCodes: alternativeCodesFor([id]).get(id) ?? [],
    vehicles: vehiclesForPart(id, 1, vehiclesPerPage),
  };
}

/** The part's own code, or undefined when there is no such part. */
export const partCodeOf = (id: number) =>
  db().select({ code: parts.code }).from(parts).where(eq(parts.id, id)).get()?.code;

export function partExists(id: number): boolean {
  return partCodeOf(id) !== undefined;
}
