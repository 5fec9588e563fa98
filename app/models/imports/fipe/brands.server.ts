import { fipeClient, type FipeBrand, type FipeClient } from "~/integrations/fipe/client.server";
import type { FipeVehicleType } from "~/integrations/fipe/types";

const BRAND_CACHE_MS = 60 * 60 * 1000;
const brandCache = new Map<string, { at: number; brands: FipeBrand[] }>();

/**
 * The brand list of a type, kept for an hour: it changes a few times a year, and the public API
 * allows only a few hundred calls a day. Failures are not kept, so the next call tries again.
 */
export async function fipeBrands(
  type: FipeVehicleType,
  client: FipeClient = fipeClient({ maxAttempts: 2, timeoutMs: 15_000 }),
): Promise<FipeBrand[]> {
  const key = `${client.baseUrl} ${type}`;
  const cached = brandCache.get(key);
  if (cached && Date.now() - cached.at < BRAND_CACHE_MS) return cached.brands;
  const list = await client.brands(type);
  const sorted = list
    .filter(
      (b) =>
        b &&
        (typeof b.codigo === "string" || typeof b.codigo === "number") &&
        typeof b.nome === "string",
    )
    .map((b) => ({ codigo: String(b.codigo), nome: b.nome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
  brandCache.set(key, { at: Date.now(), brands: sorted });
  return sorted;
}

/** @internal Tests start each case with an empty cache. */
export function clearFipeBrandCache() {
  brandCache.clear();
}
