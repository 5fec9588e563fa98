import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { brands, importJobs, importLogs, vehicles } from "~db/schema";
import {
  FipeError,
  fipeClient,
  type FipeBrand,
  type FipeClient,
  type FipeModel,
} from "~/integrations/fipe/client.server";
import type { FipeVehicleType } from "~/integrations/fipe/types";
import { enqueue, getJobRun } from "~/jobs/runner.server";
import { db, immediateTransaction } from "~/utils/db.server";
import { messages } from "~/utils/messages";
import { logActivity } from "./activity.server";

const m = messages.fipe;

// ---------------------------------------------------------------------------------------------
// Reading FIPE names
// ---------------------------------------------------------------------------------------------

export type ParsedFipeModel = {
  model: string;
  version: string;
  engine: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyType: string | null;
};

/** Model names of more than one word; every other car model is the name's first word. */
const COMPOUND_MODELS = [
  "C4 Cactus",
  "C4 Lounge",
  "C4 Picasso",
  "Corolla Cross",
  "Grand Cherokee",
  "Grand Livina",
  "Grand Siena",
  "Grand Vitara",
  "L200 Triton",
  "New Beetle",
  "Pajero Sport",
  "Pajero TR4",
  "Range Rover",
  "Santa Fe",
  "Space Fox",
];

/** FIPE writes some names in capitals; these are spelled as their makers spell them. */
const MODEL_SPELLINGS: Record<string, string> = {
  SPACEFOX: "SpaceFox",
  CROSSFOX: "CrossFox",
  ECOSPORT: "EcoSport",
};

function modelWord(word: string): string {
  const spelled = MODEL_SPELLINGS[word.toUpperCase()];
  if (spelled) return spelled;
  // "AMAROK" → "Amarok"; short or mixed codes ("HB20", "HR-V", "ASX", "CG") stay as written.
  if (/^[A-ZÀ-Ú]{4,}$/.test(word)) return word[0] + word.slice(1).toLowerCase();
  return word;
}

/** A motorcycle's displacement right after its name: "CG 160", "CB 500F", "GSR 750A". */
const MOTO_DISPLACEMENT = /^(\d{2,4})[A-Z]?\/?$/;

function modelTokenCount(tokens: string[], type: FipeVehicleType): number {
  if (type === "motos") {
    const index = tokens.findIndex((token, i) => i > 0 && MOTO_DISPLACEMENT.test(token));
    return index > 0 && index <= 2 ? index + 1 : 1;
  }
  if (type === "carros") {
    const lower = tokens.map((t) => t.toLowerCase());
    const compound = COMPOUND_MODELS.find((name) => {
      const words = name.toLowerCase().split(" ");
      return words.every((word, i) => lower[i] === word);
    });
    if (compound) return compound.split(" ").length;
  }
  return 1;
}

const TURBO_MARKERS: Record<string, string> = {
  TSI: "TSI",
  TFSI: "TFSI",
  TDI: "TDI",
  TDCI: "TDCi",
  THP: "THP",
  TGDI: "TGDI",
  TB: "Turbo",
  TURBO: "Turbo",
  "BI-TB": "Biturbo",
  "BI-TURBO": "Biturbo",
  ECOBOOST: "EcoBoost",
};

function parseEngine(tokens: string[], type: FipeVehicleType): string | null {
  if (type === "motos") {
    const displacement = tokens.map((t) => t.match(MOTO_DISPLACEMENT)).find(Boolean);
    const cc = displacement ? Number(displacement[1]) : Number.NaN;
    return cc >= 50 && cc <= 2500 ? `${cc} cc` : null;
  }
  if (type !== "carros") return null;
  const displacement = tokens.find((t) => /^\d\.\d$/.test(t));
  if (!displacement) return null;
  const valves = tokens.find((t) => /^\d{1,2}V$/i.test(t))?.toUpperCase();
  const turbo = tokens.map((t) => TURBO_MARKERS[t.toUpperCase()]).find(Boolean);
  return [displacement, valves, turbo].filter(Boolean).join(" ");
}

/** Fuel as the name states it; the year code and the detail only fill in when it says nothing. */
export function fuelFromName(name: string): string | null {
  if (/h[iíy]brid/i.test(name)) return "Híbrido";
  if (/el[ée]tric/i.test(name)) return "Elétrico";
  if (/flex/i.test(name)) return "Flex";
  if (/\bdies(el\b|\.)|\(diesel\)|\bTDI\b|\bTDCi\b/i.test(name)) return "Diesel";
  if (/[aá]lcool|\betanol\b/i.test(name)) return "Etanol";
  if (/\bgas(olina\b|\.)/i.test(name)) return "Gasolina";
  return null;
}

/** FIPE's fuel codes (the suffix of a year code such as "2014-3"). */
export const FUEL_BY_CODE: Record<number, string> = {
  1: "Gasolina",
  2: "Etanol",
  3: "Diesel",
  4: "Elétrico",
  5: "Flex",
  6: "Híbrido",
};

/** The detail's "Combustivel" in our words ("Álcool" is sold as etanol today). */
export function fuelFromFipeName(combustivel: string | undefined): string | null {
  if (!combustivel) return null;
  return fuelFromName(combustivel) ?? (/diesel/i.test(combustivel) ? "Diesel" : null);
}

function parseTransmission(name: string, type: FipeVehicleType): string | null {
  if (/\bCVT\b|X-?Tronic|Multidrive|Lineartronic/i.test(name)) return "CVT";
  if (/\bDSG\b/i.test(name)) return "DSG";
  if (
    /\bAut\b\.?|Autom[aá]tic|Tiptronic|Steptronic|\bAT\b|Dualogic|I-Motion|Powershift|Easytronic/i.test(
      name,
    )
  ) {
    return "Automática";
  }
  if (/\bMec\b\.?|\bManual\b/i.test(name)) return "Manual";
  // A car name that names no gearbox is a manual one; bikes and trucks we do not guess.
  return type === "carros" ? "Manual" : null;
}

function parseBodyType(tokens: string[], type: FipeVehicleType): string | null {
  if (type !== "carros") return null;
  const upper = tokens.map((t) => t.toUpperCase().replace(/[,;]$/, ""));
  const has = (...words: string[]) => upper.some((t) => words.includes(t));
  if (
    has("CD", "CS", "CE", "C.D.", "C.S.", "PICK-UP", "PICKUP", "CAB.DUPLA", "CABINE") ||
    upper.some((t) => /\.C[DS]$/.test(t))
  ) {
    return "Pickup";
  }
  if (has("SEDAN", "SEDÃ")) return "Sedan";
  if (has("HATCH", "HATCHBACK", "HB")) return "Hatch";
  if (has("SW", "WAGON", "VARIANT", "WEEKEND", "PERUA")) return "Wagon";
  if (has("SUV")) return "SUV";
  return null;
}

/**
 * Splits a FIPE model name ("AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut") into what the catalogue
 * keeps apart: model "Amarok", version "High.CD 2.0 16V TDI 4x4 Dies. Aut", engine "2.0 16V TDI",
 * fuel "Diesel", transmission "Automática", body "Pickup". The version keeps FIPE's full wording
 * after the model, so nothing the name said is lost.
 */
export function parseFipeModelName(
  name: string,
  type: FipeVehicleType = "carros",
): ParsedFipeModel {
  const clean = name.trim().replace(/\s+/g, " ");
  const tokens = clean.split(" ");
  const count = modelTokenCount(tokens, type);
  const model = tokens
    .slice(0, count)
    .map((t) => modelWord(t.replace(/\/$/, "")))
    .join(" ");
  const version = tokens
    .slice(count)
    .join(" ")
    .replace(/^[\s/]+/, "")
    .trim();
  return {
    model,
    version: version || clean,
    engine: parseEngine(tokens, type),
    fuel: fuelFromName(clean),
    transmission: parseTransmission(clean, type),
    bodyType: parseBodyType(tokens, type),
  };
}

/** FIPE's code for a new vehicle of the current model year. */
export const ZERO_KM_YEAR = 32000;

/** "2014-3" → year 2014, fuel Diesel; 32000 (Zero KM) is this year's model. */
export function parseYearCode(
  code: string,
  now: Date = new Date(),
): { year: number; fuel: string | null } | null {
  const match = code.trim().match(/^(\d{4,5})-(\d+)$/);
  if (!match) return null;
  const raw = Number(match[1]);
  const year = raw === ZERO_KM_YEAR ? now.getFullYear() : raw;
  if (year < 1900 || year > now.getFullYear() + 2) return null;
  return { year, fuel: FUEL_BY_CODE[Number(match[2])] ?? null };
}

/** FIPE's brand names as the catalogue writes them. */
const BRAND_ALIASES: Record<string, string> = {
  "VW - VolksWagen": "Volkswagen",
  "GM - Chevrolet": "Chevrolet",
  "Kia Motors": "Kia",
  "LR - Land Rover": "Land Rover",
  "Caoa Chery": "Chery",
  "CAOA Chery": "Chery",
};

export function fipeBrandName(nome: string): string {
  const name = nome.trim();
  const alias = BRAND_ALIASES[name];
  if (alias) return alias;
  const prefixed = name.match(/^[A-Z]{2,4} - (.+)$/);
  return prefixed ? prefixed[1]!.trim() : name;
}

// ---------------------------------------------------------------------------------------------
// Import jobs
// ---------------------------------------------------------------------------------------------

export const FIPE_IMPORT_KIND = "fipe";
export const FIPE_IMPORT_JOB_NAME = "vehicles.import-fipe";
/** The runner's job id: the public API's daily quota is per address, so one FIPE import at a time. */
export const FIPE_IMPORT_JOB_ID = "vehicles.import-fipe";
/** A queued import whose runner entry has not appeared yet is still being started. */
const STARTING_GRACE_MS = 60_000;
/** Consecutive model failures (other than a rate limit) after which the import gives up. */
const MAX_CONSECUTIVE_FAILURES = 5;

export type FipeImportOptions = {
  type: FipeVehicleType;
  brandCode?: string;
  maxBrands?: number;
  /** Filled in by the job once the brand list is read. */
  brandName?: string;
};

/** What an admin asks for, in the form's and the API's words. */
export type FipeImportRequest = { type: FipeVehicleType; brand_code?: string; max_brands?: number };

export type ImportJob = typeof importJobs.$inferSelect;
type ImportLogLevel = (typeof importLogs.$inferInsert)["level"];

export function getImportJob(id: number): ImportJob | undefined {
  return db().select().from(importJobs).where(eq(importJobs.id, id)).get();
}

export function importLogLines(importJobId: number, limit = 500) {
  const newest = db()
    .select({
      id: importLogs.id,
      level: importLogs.level,
      message: importLogs.message,
      createdAt: importLogs.createdAt,
    })
    .from(importLogs)
    .where(eq(importLogs.importJobId, importJobId))
    .orderBy(desc(importLogs.id))
    .limit(limit)
    .all();
  return newest.reverse();
}

function appendLog(importJobId: number, message: string, level: ImportLogLevel = "info") {
  db().insert(importLogs).values({ importJobId, message, level }).run();
}

function updateJob(id: number, values: Partial<typeof importJobs.$inferInsert>) {
  db()
    .update(importJobs)
    .set({ ...values, lastActivityAt: new Date() })
    .where(eq(importJobs.id, id))
    .run();
}

export function fipeImportOptions(job: ImportJob): FipeImportOptions {
  const raw = job.options as Partial<FipeImportOptions>;
  return {
    type: raw.type ?? "carros",
    brandCode: typeof raw.brandCode === "string" ? raw.brandCode : undefined,
    maxBrands: typeof raw.maxBrands === "number" ? raw.maxBrands : undefined,
    brandName: typeof raw.brandName === "string" ? raw.brandName : undefined,
  };
}

/** A FIPE import of which the runner knows nothing alive any more (its process died). */
function isOrphaned(job: ImportJob, now: number): boolean {
  const run = getJobRun(FIPE_IMPORT_JOB_ID);
  const runIsThisJob =
    (run?.payload as { importJobId?: number } | undefined)?.importJobId === job.id;
  if (runIsThisJob) return run!.status === "completed" || run!.status === "failed";
  return now - job.createdAt.getTime() > STARTING_GRACE_MS;
}

/**
 * Records a new FIPE import, unless one is already queued or running: then that one is returned,
 * so a second click (or a second admin) follows the import in progress instead of starting another.
 */
export function claimFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
): { job: ImportJob; created: boolean } {
  const database = db();
  return immediateTransaction(database, () => {
    const now = Date.now();
    const active = database
      .select()
      .from(importJobs)
      .where(
        and(eq(importJobs.kind, FIPE_IMPORT_KIND), inArray(importJobs.status, ["idle", "running"])),
      )
      .orderBy(desc(importJobs.id))
      .all();
    for (const job of active) {
      if (!isOrphaned(job, now)) return { job, created: false };
      updateJob(job.id, { status: "error", completedAt: new Date() });
      appendLog(job.id, m.failed(m.interrupted), "error");
    }
    const options: FipeImportOptions = {
      type: input.type,
      brandCode: input.brand_code,
      maxBrands: input.max_brands,
    };
    const job = database
      .insert(importJobs)
      .values({ kind: FIPE_IMPORT_KIND, status: "idle", options, startedById: actorId })
      .returning()
      .get();
    return { job, created: true };
  });
}

/** Starts a FIPE import in the background (or finds the one running) and logs who asked for it. */
export async function startFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
): Promise<{ job: ImportJob; jobId: string; alreadyRunning: boolean }> {
  const { job, created } = claimFipeImport(input, actorId);
  if (!created) return { job, jobId: FIPE_IMPORT_JOB_ID, alreadyRunning: true };
  try {
    await enqueue(
      FIPE_IMPORT_JOB_NAME,
      { importJobId: job.id },
      { jobId: FIPE_IMPORT_JOB_ID, attempts: 1 },
    );
  } catch (error) {
    updateJob(job.id, { status: "error", completedAt: new Date() });
    appendLog(job.id, m.failed(reason(error)), "error");
    throw error;
  }
  logActivity({
    actorId,
    type: "import",
    action: m.startedActivity(input.type),
    entity: "import_job",
    entityId: job.id,
  });
  return { job, jobId: FIPE_IMPORT_JOB_ID, alreadyRunning: false };
}

function reason(error: unknown): string {
  if (error instanceof FipeError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

class FipeImportAbort extends Error {}

type Counters = {
  processedItems: number;
  totalItems: number;
  createdVehicles: number;
  skippedVehicles: number;
  errorCount: number;
};

export type FipeImportSummary = {
  importJobId: number;
  status: ImportJob["status"];
  brands: number;
  created: number;
  skipped: number;
  errors: number;
  message: string;
};

function summary(job: ImportJob, message: string): FipeImportSummary {
  return {
    importJobId: job.id,
    status: job.status,
    brands: job.currentPage,
    created: job.createdVehicles,
    skipped: job.skippedVehicles,
    errors: job.errorCount,
    message,
  };
}

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
    fuelFromFipeName(detail.Combustivel),
  );
  return { ...result, years: years.length };
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
  updateJob(importJobId, { status: "running", startedAt: initial.startedAt ?? new Date() });

  try {
    let brandList: FipeBrand[];
    try {
      brandList = await client.brands(options.type);
    } catch (error) {
      throw new FipeImportAbort(`${m.brandsFailed} (${reason(error)})`);
    }
    let selected = [...brandList].sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
    if (options.brandCode) {
      selected = selected.filter((b) => String(b.codigo) === options.brandCode);
      if (selected.length === 0) throw new FipeImportAbort(m.brandNotFound(options.brandCode));
    }
    if (options.maxBrands) selected = selected.slice(0, options.maxBrands);
    const brandName = options.brandCode ? fipeBrandName(selected[0]!.nome) : undefined;
    const scope = brandName
      ? m.scopeBrand(brandName)
      : options.maxBrands
        ? m.scopeMax(options.maxBrands)
        : m.scopeAll;
    if (resumeFrom === 0) {
      appendLog(importJobId, m.startedLog(typeLabel, scope));
      appendLog(importJobId, m.brandsFound(selected.length));
    } else {
      appendLog(importJobId, m.resumed(resumeFrom));
    }
    updateJob(importJobId, { totalPages: selected.length, options: { ...options, brandName } });

    let consecutiveFailures = 0;
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
            if (error instanceof FipeError && error.status === 429)
              throw new FipeImportAbort(m.rateLimited);
            counters.errorCount++;
            consecutiveFailures++;
            appendLog(importJobId, m.modelFailed(model.nome, reason(error)), "warn");
            if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES)
              throw new FipeImportAbort(m.tooManyErrors);
          }
          updateJob(importJobId, counters);
        }
        appendLog(importJobId, m.brandDone(name, created, skipped));
      } catch (error) {
        if (error instanceof FipeImportAbort) throw error;
        if (error instanceof FipeError && error.status === 429)
          throw new FipeImportAbort(m.rateLimited);
        counters.errorCount++;
        consecutiveFailures++;
        appendLog(importJobId, m.brandFailed(name, reason(error)), "warn");
        if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES)
          throw new FipeImportAbort(m.tooManyErrors);
      }
      const done = index + 1;
      updateJob(importJobId, { ...counters, currentPage: done });
      if (done % 10 === 0 && done < selected.length) {
        appendLog(importJobId, m.progress(done, selected.length, counters.createdVehicles));
      }
    }

    const message = m.completed(selected.length, counters.createdVehicles);
    updateJob(importJobId, { ...counters, status: "completed", completedAt: new Date() });
    appendLog(importJobId, message);
    logActivity({
      actorId: initial.startedById,
      type: "import",
      action: m.completedActivity(typeLabel, selected.length, counters.createdVehicles),
      entity: "import_job",
      entityId: importJobId,
    });
    return summary(getImportJob(importJobId)!, message);
  } catch (error) {
    const message = m.failed(reason(error));
    updateJob(importJobId, { ...counters, status: "error", completedAt: new Date() });
    appendLog(importJobId, message, "error");
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

// ---------------------------------------------------------------------------------------------
// Reading progress
// ---------------------------------------------------------------------------------------------

export function isImportActive(job: Pick<ImportJob, "status">): boolean {
  return job.status === "idle" || job.status === "running";
}

/** Everything the progress page and the status API show about one import. */
export function importProgress(id: number) {
  const job = getImportJob(id);
  if (!job) return null;
  return { job, logs: importLogLines(id) };
}

/** The FIPE import page needs its options too; other kinds of import are not its business. */
export function fipeImportProgress(id: number) {
  const progress = importProgress(id);
  if (!progress || progress.job.kind !== FIPE_IMPORT_KIND) return null;
  return { ...progress, options: fipeImportOptions(progress.job) };
}

/** The import's outcome in words: the completion line, or the error that stopped it. */
export function importOutcome(job: ImportJob): FipeImportSummary {
  if (job.status === "completed")
    return summary(job, m.completed(job.currentPage, job.createdVehicles));
  if (job.status === "error") {
    const lastError = db()
      .select({ message: importLogs.message })
      .from(importLogs)
      .where(and(eq(importLogs.importJobId, job.id), eq(importLogs.level, "error")))
      .orderBy(desc(importLogs.id))
      .get();
    return summary(job, lastError?.message ?? m.importFailed);
  }
  return summary(job, m.status[job.status]);
}

/** Waits (polling import_jobs) until the import ends, the time is up or the caller goes away. */
export async function waitForFipeImport(
  importJobId: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<FipeImportSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = getImportJob(importJobId);
    if (!job) throw new Error(m.importNotFound);
    if (!isImportActive(job) || Date.now() >= deadline || signal?.aborted)
      return importOutcome(job);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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

export function clearFipeBrandCache() {
  brandCache.clear();
}
