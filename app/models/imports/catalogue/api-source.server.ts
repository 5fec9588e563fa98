import type {
  CatalogueSourceItem,
  CatalogueSourcePage,
  CatalogueSourceStatus,
} from "~/integrations/catalogue-source/types";
import * as messages from "~/messages";
import type { BatchSource, SourceBatch } from "./engine.server";
import type { CatalogueFitmentInput, CatalogueItemInput } from "./items";
import type { CatalogueImportSettings } from "./options.server";

const m = messages.catalogueImport;

/** What the engine needs of the catalogue source client. */
export type CatalogueSourceReader = {
  status(): Promise<CatalogueSourceStatus>;
  page(page: number, perPage: number): Promise<CatalogueSourcePage>;
};

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const MAX_YEAR_SPAN = 60;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const optionalText = (value: unknown): string | null => text(value) || null;

function fitmentFromSource(
  raw: CatalogueSourceItem["vehicles"][number],
): CatalogueFitmentInput | string {
  for (const field of ["brand", "model", "version"] as const) {
    if (!text(raw?.[field])) return m.itemFieldMissing(field);
  }
  const { year_start: start, year_end: end } = raw;
  const validYear = (y: unknown) =>
    Number.isInteger(y) && (y as number) >= MIN_YEAR && (y as number) <= MAX_YEAR;
  if (!validYear(start) || !validYear(end) || end < start || end - start > MAX_YEAR_SPAN)
    return m.itemYears;
  return {
    brand: text(raw.brand),
    model: text(raw.model),
    version: text(raw.version),
    yearStart: start,
    yearEnd: end,
    engine: optionalText(raw.engine),
    fuel: optionalText(raw.fuel),
    position: optionalText(raw.position),
    notes: optionalText(raw.notes),
  };
}

/** A source item as the writer takes it, or the reason it cannot be imported. */
export function itemFromSource(raw: CatalogueSourceItem): CatalogueItemInput | string {
  for (const field of ["code", "name", "manufacturer", "category"] as const) {
    if (!text(raw?.[field])) return m.itemFieldMissing(field);
  }
  const fitments: CatalogueFitmentInput[] = [];
  for (const vehicle of Array.isArray(raw.vehicles) ? raw.vehicles : []) {
    const fitment = fitmentFromSource(vehicle);
    if (typeof fitment === "string") return fitment;
    fitments.push(fitment);
  }
  return {
    code: text(raw.code),
    name: text(raw.name),
    manufacturer: text(raw.manufacturer),
    category: text(raw.category),
    description: optionalText(raw.description),
    alternativeCodes: (Array.isArray(raw.alternative_codes) ? raw.alternative_codes : [])
      .map(text)
      .filter((code) => code && code.length <= 100),
    fitments,
  };
}

function toBatch(number: number, page: CatalogueSourcePage): SourceBatch {
  const items: CatalogueItemInput[] = [];
  const rejected: SourceBatch["rejected"] = [];
  page.items.forEach((raw, index) => {
    const item = itemFromSource(raw);
    if (typeof item === "string")
      rejected.push(m.invalidItemLog(raw?.id ?? `${number}:${index + 1}`, item));
    else items.push(item);
  });
  return { number, items, consumed: page.items.length, rejected };
}

/**
 * The catalogue source API as batches: page n (of `itemsPerBatch` items) is batch n, and up to
 * `concurrentPages` pages are fetched ahead while earlier ones are written, in page order.
 */
export function apiBatchSource(
  reader: CatalogueSourceReader,
  settings: Pick<CatalogueImportSettings, "concurrentPages" | "itemsPerBatch">,
): BatchSource {
  let closed = false;
  return {
    async open({ afterBatch }) {
      const status = await reader.status();
      const perPage = settings.itemsPerBatch;
      const totalBatches = Math.ceil(status.total_items / perPage);
      async function* batches() {
        const inFlight = new Map<number, Promise<CatalogueSourcePage>>();
        let next = afterBatch + 1;
        for (let number = afterBatch + 1; number <= totalBatches; number++) {
          while (!closed && next <= totalBatches && next < number + settings.concurrentPages) {
            const fetching = reader.page(next, perPage);
            // Awaited in order below; until then a failure must not count as unhandled.
            fetching.catch(() => {});
            inFlight.set(next, fetching);
            next++;
          }
          const fetching = inFlight.get(number);
          if (!fetching) return;
          inFlight.delete(number);
          yield toBatch(number, await fetching);
        }
      }
      return {
        totalItems: status.total_items,
        totalBatches,
        batches: batches(),
        startLog: m.startedLog(status.total_items, totalBatches),
      };
    },
    close() {
      closed = true;
    },
  };
}
