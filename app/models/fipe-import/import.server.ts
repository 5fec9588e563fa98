import { sql } from "drizzle-orm";
import { brands, vehicles } from "~db/schema";
import {
  FipeError,
  fipeClient,
  type FipeBrand,
  type FipeClient,
  type FipeModel,
} from "~/integrations/fipe/client.server";
import type { FipeVehicleType } from "~/integrations/fipe/types";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { logActivity } from "../activity.server";
import {
  fipeBrandName,
  fuelFromDetail,
  parseFipeModelName,
  parseYearCode,
  type ParsedFipeModel,
} from "./names.server";
import {
  appendImportLog,
  errorReason,
  failImport,
  FIPE_IMPORT_KIND,
  fipeImportOptions,
  getImportJob,
  importOutcome,
  importSummary,
  updateImportJob,
  type FipeImportOptions,
  type FipeImportSummary,
} from "./progress.server";

const m = messages.fipe;

/** Consecutive model failures (other than a rate limit) after which the import gives up. */
const MAX_CONSECUTIVE_FAILURES = 5;

class FipeImportAbort extends Error {}

type Counters = {
  processedItems: number;
  totalItems: number;
  createdVehicles: number;
  skippedVehicles: number;
  errorCount: number;
};

/** The catalogue's brand row for a FIPE brand: an existing one of the same name (any case), or a new one. */
function ensureBrand(name: string): string {
  const database = db();
  const existing = database
    .select({ name: brands.name })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})`)
    .get();
  if (existing) return existing.name;
  database.insert(brands).values({ name }).onConflictDoNothing().run();
  return name;
}

/** Writes one FIPE model's years; (fipe_code, year) already present is skipped, never duplicated. */
function upsertModelYears(
  brandName: string,
  type: FipeVehicleType,
  parsed: ParsedFipeModel,
  fipeCode: string,
  years: { year: number; fuel: string | null }[],
  detailFuel: string | null,
): { created: number; skipped: number } {
  const database = db();
  const rows = years.map(({ year, fuel }) => ({
    brand: brandName,
    model: parsed.model,
    year,
    version: parsed.version,
    engine: parsed.engine,
    fuel: parsed.fuel ?? detailFuel ?? fuel,
    transmission: parsed.transmission,
    bodyType: parsed.bodyType,
    vehicleType: type,
    fipeCode,
  }));
  const unique = [...new Map(rows.map((row) => [row.year, row])).values()];
  if (unique.length === 0) return { created: 0, skipped: 0 };
  const inserted = immediateTransaction(database, () =>
    database
      .insert(vehicles)
      .values(unique)
      .onConflictDoNothing()
      .returning({ id: vehicles.id })
      .all(),
  );
  return { created: inserted.length, skipped: rows.length - inserted.length };
}

async function importModel(
  client: FipeClient,
  type: FipeVehicleType,
  brand: FipeBrand,
  brandName: string,
  model: FipeModel,
): Promise<{ created: number; skipped: number; years: number }> {
  const yearList = await client.years(type, brand.codigo, model.codigo);
  const years = yearList
    .map((y) => ({ code: y.codigo, parsed: parseYearCode(y.codigo) }))
    .filter(
      (y): y is { code: string; parsed: { year: number; fuel: string | null } } =>
        y.parsed !== null,
    );
  if (years.length === 0) return { created: 0, skipped: 0, years: 0 };
  // The FIPE code names the model version, the same for all its years: one detail call is enough.
  const detail = await client.detail(type, brand.codigo, model.codigo, years[0]!.code);
  const fipeCode = detail.CodigoFipe?.trim();
  if (!fipeCode) throw new FipeError("a FIPE não informou o código FIPE do modelo");
  const parsed = parseFipeModelName(model.nome, type);
  const result = upsertModelYears(
    brandName,
    type,
    parsed,
    fipeCode,
    years.map((y) => y.parsed),
    fuelFromDetail(detail.Combustivel),
  );
  return { ...result, years: years.length };
}

/** The brands the import asked for, in alphabetical order. */
async function selectBrands(client: FipeClient, options: FipeImportOptions): Promise<FipeBrand[]> {
  let brandList: FipeBrand[];
  try {
    brandList = await client.brands(options.type);
  } catch (error) {
    throw new FipeImportAbort(`${m.brandsFailed} (${errorReason(error)})`);
  }
  let selected = [...brandList].sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
  if (options.brandCode) {
    selected = selected.filter((b) => String(b.codigo) === options.brandCode);
    if (selected.length === 0) throw new FipeImportAbort(m.brandNotFound(options.brandCode));
  }
  if (options.maxBrands) selected = selected.slice(0, options.maxBrands);
  return selected;
}

/**
 * The job's work: reads the chosen brands from FIPE, model by model, and upserts one vehicle per
 * model year. Progress goes to import_jobs (current_page = brands done) and pt-BR lines to
 * import_logs. A re-run of the same import resumes after the last brand it finished.
 */
export async function runFipeImport(
  importJobId: number,
  client: FipeClient = fipeClient(),
): Promise<FipeImportSummary> {
  const initial = getImportJob(importJobId);
  if (!initial || initial.kind !== FIPE_IMPORT_KIND) throw new Error(m.importNotFound);
  if (
    initial.status === "completed" ||
    initial.status === "error" ||
    initial.status === "cancelled"
  ) {
    return importOutcome(initial);
  }
  const options = fipeImportOptions(initial);
  const typeLabel = m.types[options.type];
  const counters: Counters = {
    processedItems: initial.processedItems,
    totalItems: initial.totalItems,
    createdVehicles: initial.createdVehicles,
    skippedVehicles: initial.skippedVehicles,
    errorCount: initial.errorCount,
  };
  const resumeFrom = initial.currentPage;
  updateImportJob(importJobId, { status: "running", startedAt: initial.startedAt ?? new Date() });

  try {
    const selected = await selectBrands(client, options);
    const brandName = options.brandCode ? fipeBrandName(selected[0]!.nome) : undefined;
    const scope = brandName
      ? m.scopeBrand(brandName)
      : options.maxBrands
        ? m.scopeMax(options.maxBrands)
        : m.scopeAll;
    if (resumeFrom === 0) {
      appendImportLog(importJobId, m.startedLog(typeLabel, scope));
      appendImportLog(importJobId, m.brandsFound(selected.length));
    } else {
      appendImportLog(importJobId, m.resumed(resumeFrom));
    }
    updateImportJob(importJobId, {
      totalPages: selected.length,
      options: { ...options, brandName },
    });

    let consecutiveFailures = 0;
    const countFailure = (error: unknown, logLine: string) => {
      if (error instanceof FipeError && error.status === 429)
        throw new FipeImportAbort(m.rateLimited);
      counters.errorCount++;
      consecutiveFailures++;
      appendImportLog(importJobId, logLine, "warn");
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES)
        throw new FipeImportAbort(m.tooManyErrors);
    };
    for (let index = resumeFrom; index < selected.length; index++) {
      const brand = selected[index]!;
      const name = ensureBrand(fipeBrandName(brand.nome));
      let created = 0;
      let skipped = 0;
      try {
        const { modelos } = await client.models(options.type, brand.codigo);
        for (const model of modelos) {
          try {
            const result = await importModel(client, options.type, brand, name, model);
            created += result.created;
            skipped += result.skipped;
            counters.totalItems += result.years;
            counters.processedItems += result.years;
            counters.createdVehicles += result.created;
            counters.skippedVehicles += result.skipped;
            consecutiveFailures = 0;
          } catch (error) {
            countFailure(error, m.modelFailed(model.nome, errorReason(error)));
          }
          updateImportJob(importJobId, counters);
        }
        appendImportLog(importJobId, m.brandDone(name, created, skipped));
      } catch (error) {
        if (error instanceof FipeImportAbort) throw error;
        countFailure(error, m.brandFailed(name, errorReason(error)));
      }
      const done = index + 1;
      updateImportJob(importJobId, { ...counters, currentPage: done });
      if (done % 10 === 0 && done < selected.length) {
        appendImportLog(importJobId, m.progress(done, selected.length, counters.createdVehicles));
      }
    }

    const message = m.completed(selected.length, counters.createdVehicles);
    updateImportJob(importJobId, { ...counters, status: "completed", completedAt: new Date() });
    appendImportLog(importJobId, message);
    logActivity({
      actorId: initial.startedById,
      type: "import",
      action: m.completedActivity(typeLabel, selected.length, counters.createdVehicles),
      entity: "import_job",
      entityId: importJobId,
    });
    return importSummary(getImportJob(importJobId)!, message);
  } catch (error) {
    const message = failImport(importJobId, errorReason(error), counters);
    logActivity({
      actorId: initial.startedById,
      type: "import",
      action: m.failedActivity(typeLabel),
      entity: "import_job",
      entityId: importJobId,
    });
    throw new Error(message, { cause: error });
  }
}
