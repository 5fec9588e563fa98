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
import { logActivity } from "../../activity/activity.server";
import {
  fipeBrandName,
  fuelFromDetail,
  parseFipeModelName,
  parseYearCode,
  type ParsedFipeModel,
} from "./names.server";
import { FIPE_IMPORT_KIND, fipeImportOptions, importOutcome, importSummary, type FipeImportOptions, type FipeImportSummary } from "./progress.server";
import { appendImportLog, errorReason, failImport, getImportJob, updateImportJob } from "../jobs.server";

const m = messages.fipe;

/** Consecutive model failures (other than a rate limit) after which the import gives up. */
const MAX_CONSECUTIVE_FAILURES = 5;

class FipeImportAbort extends Error {}

type VehicleInsert = typeof vehicles.$inferInsert;

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

/** One FIPE model's years as vehicle rows, one per year. */
function modelYearRows(
  brandName: string,
  type: FipeVehicleType,
  parsed: ParsedFipeModel,
  fipeCode: string,
  years: { year: number; fuel: string | null }[],
  detailFuel: string | null,
): VehicleInsert[] {
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
  return [...new Map(rows.map((row) => [row.year, row])).values()];
}

async function readModel(
  client: FipeClient,
  type: FipeVehicleType,
  brand: FipeBrand,
  brandName: string,
  model: FipeModel,
): Promise<{ rows: VehicleInsert[]; years: number }> {
  const yearList = await client.years(type, brand.codigo, model.codigo);
  const years = yearList
    .map((y) => ({ code: y.codigo, parsed: parseYearCode(y.codigo) }))
    .filter(
      (y): y is { code: string; parsed: { year: number; fuel: string | null } } =>
        y.parsed !== null,
    );
  if (years.length === 0) return { rows: [], years: 0 };
  // The FIPE code names the model version, the same for all its years: one detail call is enough.
  const detail = await client.detail(type, brand.codigo, model.codigo, years[0]!.code);
  const fipeCode = detail.CodigoFipe?.trim();
  if (!fipeCode) throw new FipeError(m.noFipeCode);
  const parsed = parseFipeModelName(model.nome, type);
  const rows = modelYearRows(
    brandName,
    type,
    parsed,
    fipeCode,
    years.map((y) => y.parsed),
    fuelFromDetail(detail.Combustivel),
  );
  return { rows, years: years.length };
}

type BrandRead = { rows: VehicleInsert[]; years: number; errors: number };

/**
 * Writes a brand's vehicles together with the checkpoint (brands done = `brandNumber`) and the
 * counters, in one transaction, if this run still owns the running import and the brand is the
 * next one: a process killed at any moment leaves whole brands, and a resume redoes none twice.
 * (fipe_code, year) already present is skipped, never duplicated.
 */
function commitBrand(
  importJobId: number,
  runId: string,
  brandNumber: number,
  read: BrandRead,
): { created: number; skipped: number } | "stopped" {
  const database = db();
  return immediateTransaction(database, () => {
    const job = getImportJob(importJobId);
    if (!job || job.status !== "running" || job.runId !== runId) return "stopped";
    if (job.currentPage !== brandNumber - 1) return "stopped";
    let created = 0;
    for (let first = 0; first < read.rows.length; first += 200) {
      created += database
        .insert(vehicles)
        .values(read.rows.slice(first, first + 200))
        .onConflictDoNothing()
        .returning({ id: vehicles.id })
        .all().length;
    }
    const skipped = read.rows.length - created;
    database.$client
      .prepare(
        `update import_jobs set current_page = ?, processed_items = processed_items + ?,
           total_items = total_items + ?, created_vehicles = created_vehicles + ?,
           skipped_vehicles = skipped_vehicles + ?, error_count = error_count + ?,
           last_activity_at = ? where id = ?`,
      )
      .run(
        brandNumber,
        read.years,
        read.years,
        created,
        skipped,
        read.errors,
        Date.now(),
        importJobId,
      );
    return { created, skipped };
  });
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

/** Whether this run may still work on the import (it is running and the run is its owner). */
function owns(importJobId: number, runId: string): boolean {
  const job = getImportJob(importJobId);
  return job?.status === "running" && job.runId === runId;
}

/**
 * The job's work for one run: reads the chosen brands from FIPE, model by model, and writes one
 * vehicle per model year, a brand at a time with its checkpoint (`current_page` = brands done).
 * pt-BR lines go to import_logs. A pause or cancel (or a newer run of the same import) stops it
 * at the next brand; a resumed run starts after the last brand written.
 */
export async function runFipeImport(
  importJobId: number,
  runId: string,
  client: FipeClient = fipeClient(),
  signal?: AbortSignal,
): Promise<FipeImportSummary> {
  const initial = getImportJob(importJobId);
  if (!initial || initial.kind !== FIPE_IMPORT_KIND) throw new Error(m.importNotFound);
  if (!owns(importJobId, runId)) return importOutcome(initial);
  const options = fipeImportOptions(initial);
  const typeLabel = m.types[options.type];
  const resumeFrom = initial.currentPage;
  let errors = 0;

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
      errors++;
      consecutiveFailures++;
      appendImportLog(importJobId, logLine, "warn");
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES)
        throw new FipeImportAbort(m.tooManyErrors);
    };
    for (let index = resumeFrom; index < selected.length; index++) {
      if (signal?.aborted || !owns(importJobId, runId))
        return importOutcome(getImportJob(importJobId)!);
      const brand = selected[index]!;
      const name = ensureBrand(fipeBrandName(brand.nome));
      const read: BrandRead = { rows: [], years: 0, errors: 0 };
      const errorsBefore = errors;
      try {
        const { modelos } = await client.models(options.type, brand.codigo);
        for (const model of modelos) {
          try {
            const result = await readModel(client, options.type, brand, name, model);
            read.rows.push(...result.rows);
            read.years += result.years;
            consecutiveFailures = 0;
          } catch (error) {
            countFailure(error, m.modelFailed(model.nome, errorReason(error)));
          }
        }
      } catch (error) {
        if (error instanceof FipeImportAbort) throw error;
        countFailure(error, m.brandFailed(name, errorReason(error)));
      }
      read.errors = errors - errorsBefore;
      const written = commitBrand(importJobId, runId, index + 1, read);
      if (written === "stopped") return importOutcome(getImportJob(importJobId)!);
      appendImportLog(importJobId, m.brandDone(name, written.created, written.skipped));
      const done = index + 1;
      if (done % 10 === 0 && done < selected.length) {
        const job = getImportJob(importJobId)!;
        appendImportLog(importJobId, m.progress(done, selected.length, job.createdVehicles));
      }
    }

    const finished = getImportJob(importJobId)!;
    const message = m.completed(selected.length, finished.createdVehicles);
    if (!owns(importJobId, runId)) return importOutcome(finished);
    updateImportJob(importJobId, { status: "completed", completedAt: new Date() });
    appendImportLog(importJobId, message);
    logActivity({
      actorId: initial.startedById,
      type: "import",
      action: m.completedActivity(typeLabel, selected.length, finished.createdVehicles),
      entity: "import_job",
      entityId: importJobId,
    });
    return importSummary(getImportJob(importJobId)!, message);
  } catch (error) {
    if (!owns(importJobId, runId)) return importOutcome(getImportJob(importJobId)!);
    const message = failImport(importJobId, errorReason(error));
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
