// Catalogue import throughput, against a floor measured in the same run.
//
//   npm run bench:import                         # 12,000 source items (~200k fitment rows), 1M-row CSV
//   npm run bench:import -- --items 3000 --csv-rows 100000    # quick check
//   npm run bench:import -- --csv-rows 0         # skip the CSV part
//
// 1. API path: the catalogue source simulator runs in its own process (as a remote API would), and
//    the import engine reads it page by page (itemsPerBatch 100, concurrentPages 4) into a fresh
//    SQLite file, exactly as a job does. Reports fitment rows per minute and peak RSS.
// 2. Floor: the same items, generated in-process (no HTTP, no JSON), inserted into another fresh
//    file by a plain prepared-statement loop (one transaction per 100 items, a Map for vehicles):
//    the fastest this schema takes these rows. The ratio engine ÷ floor is the figure to watch.
// 3. CSV path: writes a CSV of N fitment rows, then times the dry run (plan, nothing written) and
//    the real import of that file into a fresh database, with peak RSS.
//
// Target: the API path imports ≥ 100,000 fitment rows per minute with memory flat. A missed target
// is printed, not an error. Results go to bench/results/import.json.

import { spawn, type ChildProcess } from "node:child_process";
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ITEMS = option("items", 12_000);
const CSV_ROWS = option("csv-rows", 1_000_000);
const PER_PAGE = 100;
const CONCURRENT_PAGES = 4;
const TARGET_ROWS_PER_MINUTE = 100_000;

const work = mkdtempSync(path.join(os.tmpdir(), "encaixa-bench-import-"));
process.env.DATA_DIR = work;
process.env.DATABASE_PATH = path.join(work, "engine.db");
process.env.SESSION_SECRET ??= "bench-secret-".padEnd(40, "x");
process.env.NODE_ENV = "test";
delete process.env.REDIS_URL;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** Each phase's peak starts from what the process holds after collecting the last one's garbage. */
const resetPeak = () => {
  (globalThis as { gc?: () => void }).gc?.();
  peakRss = process.memoryUsage.rss();
};

let simulator: ChildProcess | undefined;
function cleanUp() {
  clearInterval(sampler);
  simulator?.kill();
  rmSync(work, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

async function startSimulator(items: number): Promise<string> {
  const script = path.join(work, "simulator.mts");
  writeFileSync(
    script,
    `import { createCatalogueSimulator } from ${JSON.stringify(path.join(ROOT, "app/integrations/catalogue-source/simulator.server.ts"))};
const url = await createCatalogueSimulator({ items: ${items} }).start();
process.stdout.write(url + "\\n");`,
  );
  simulator = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--tsconfig", path.join(ROOT, "tsconfig.json"), script],
    {
      env: { ...process.env, DATABASE_PATH: path.join(work, "sim.db") },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [line] = (await once(simulator.stdout!, "data")) as [Buffer];
  return line.toString().trim();
}

const { catalogueItem } = await import("../app/integrations/catalogue-source/simulator.server");
const { createCatalogueSourceClient } =
  await import("../app/integrations/catalogue-source/client.server");
const { apiBatchSource } = await import("../app/models/imports/catalogue/api-source.server");
const { csvBatchSource, planCsvFile } =
  await import("../app/models/imports/catalogue/csv-source.server");
const { createCatalogueImport } = await import("../app/models/imports/catalogue/control.server");
const { runCatalogueImport } = await import("../app/models/imports/catalogue/engine.server");
const { DEFAULT_IMPORT_SETTINGS } = await import("../app/models/imports/catalogue/options.server");
const { getImportJob } = await import("../app/models/imports/jobs.server");
const { closeDb, db, migrateDatabase, openDatabase } = await import("../app/utils/db.server");
const { normalizeCode } = await import("../app/utils/codes");
const { resetEnvForTests } = await import("../app/utils/env.server");

function openBenchDatabase(file: string) {
  closeDb();
  process.env.DATABASE_PATH = file;
  resetEnvForTests();
  db();
}

async function engineRun(source: "api" | "csv", csvFile?: string) {
  const settings = {
    ...DEFAULT_IMPORT_SETTINGS,
    itemsPerBatch: PER_PAGE,
    concurrentPages: CONCURRENT_PAGES,
  };
  const options =
    source === "api"
      ? { settings, source: { kind: "api" as const } }
      : {
          settings,
          source: { kind: "csv" as const, file: csvFile!, fileName: path.basename(csvFile!) },
        };
  const created = createCatalogueImport(options, null);
  if (!created.ok) throw new Error(created.message);
  const { job, runId } = created.value;
  return { job, runId, settings };
}

// --- 1. API path ---------------------------------------------------------------------------
console.log(`Simulator: ${ITEMS.toLocaleString("pt-BR")} items in its own process…`);
const simUrl = await startSimulator(ITEMS);
openBenchDatabase(path.join(work, "engine.db"));
resetPeak();
const api = await (async () => {
  const { job, runId, settings } = await engineRun("api");
  const client = createCatalogueSourceClient({ baseUrl: simUrl, backoffMs: 10 });
  const started = performance.now();
  const outcome = await runCatalogueImport(job.id, runId, apiBatchSource(client, settings));
  const seconds = (performance.now() - started) / 1000;
  const done = getImportJob(job.id)!;
  if (outcome.status !== "completed")
    throw new Error(`import ended ${outcome.status}: ${outcome.message}`);
  return {
    seconds,
    items: done.processedItems,
    fitmentRows: done.createdCompatibilities,
    vehicles: done.createdVehicles,
    rowsPerMinute: Math.round((done.createdCompatibilities / seconds) * 60),
    peakRssMb: mb(peakRss),
  };
})();
simulator?.kill();
console.log(
  `Engine (API): ${api.fitmentRows.toLocaleString("pt-BR")} fitment rows in ${api.seconds.toFixed(1)} s → ${api.rowsPerMinute.toLocaleString("pt-BR")} rows/min, peak RSS ${api.peakRssMb} MB`,
);

// --- 2. Floor: a plain insert loop of the same rows -----------------------------------------
const floor = (() => {
  const database = openDatabase(path.join(work, "floor.db"));
  migrateDatabase(database);
  const client = database.$client;
  const insertCategory = client.prepare("insert into categories (name) values (?) returning id");
  const insertPart = client.prepare(
    "insert into parts (code, code_norm, name, description, category_id, manufacturer) values (?, ?, ?, ?, ?, ?) returning id",
  );
  const insertCode = client.prepare(
    "insert into part_alternative_codes (part_id, alternative_code, alternative_code_norm) values (?, ?, ?)",
  );
  const insertVehicle = client.prepare(
    "insert into vehicles (brand, model, year, version, engine, fuel) values (?, ?, ?, ?, ?, ?) returning id",
  );
  const insertFitment = client.prepare(
    "insert or ignore into part_vehicles (part_id, vehicle_id, notes, position, year_from, year_to, source) values (?, ?, ?, ?, ?, ?, 'import')",
  );
  const categories = new Map<string, number>();
  const vehicles = new Map<string, number>();
  let rows = 0;
  const started = performance.now();
  for (let first = 0; first < ITEMS; first += PER_PAGE) {
    const items = Array.from({ length: Math.min(PER_PAGE, ITEMS - first) }, (_, i) =>
      catalogueItem(first + i),
    );
    client
      .transaction(() => {
        for (const item of items) {
          let categoryId = categories.get(item.category);
          if (categoryId === undefined) {
            categoryId = (insertCategory.get(item.category) as { id: number }).id;
            categories.set(item.category, categoryId);
          }
          const partId = (
            insertPart.get(
              item.code,
              normalizeCode(item.code),
              item.name,
              item.description,
              categoryId,
              item.manufacturer,
            ) as { id: number }
          ).id;
          for (const code of item.alternative_codes)
            insertCode.run(partId, code, normalizeCode(code));
          for (const v of item.vehicles) {
            for (let year = v.year_start; year <= v.year_end; year++) {
              const key = `${v.brand}|${v.model}|${year}|${v.version.toLowerCase()}|${(v.engine ?? "").toLowerCase()}`;
              let vehicleId = vehicles.get(key);
              if (vehicleId === undefined) {
                vehicleId = (
                  insertVehicle.get(v.brand, v.model, year, v.version, v.engine, v.fuel) as {
                    id: number;
                  }
                ).id;
                vehicles.set(key, vehicleId);
              }
              rows += insertFitment.run(
                partId,
                vehicleId,
                v.notes,
                v.position,
                v.year_start,
                v.year_end,
              ).changes;
            }
          }
        }
      })
      .immediate();
  }
  const seconds = (performance.now() - started) / 1000;
  client.close();
  return { seconds, fitmentRows: rows, rowsPerMinute: Math.round((rows / seconds) * 60) };
})();
console.log(
  `Floor (plain inserts, no HTTP): ${floor.fitmentRows.toLocaleString("pt-BR")} rows in ${floor.seconds.toFixed(1)} s → ${floor.rowsPerMinute.toLocaleString("pt-BR")} rows/min`,
);
const ratio = api.rowsPerMinute / floor.rowsPerMinute;

// --- 3. CSV path ------------------------------------------------------------------------------
let csv: Record<string, number> | null = null;
if (CSV_ROWS > 0) {
  const file = path.join(work, "catalogue.csv");
  const out = createWriteStream(file);
  const quote = (value: string | number | null) => {
    const text = value === null ? "" : String(value);
    return /[",\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  out.write(
    "code,name,manufacturer,category,description,alternative_codes,brand,model,year_start,year_end,version,engine,fuel,notes\n",
  );
  let written = 0;
  for (let index = 0; written < CSV_ROWS; index++) {
    const item = catalogueItem(index);
    for (const v of item.vehicles) {
      if (written >= CSV_ROWS) break;
      const line = [
        item.code,
        item.name,
        item.manufacturer,
        item.category,
        item.description,
        item.alternative_codes.join("|"),
        v.brand,
        v.model,
        v.year_start,
        v.year_end,
        v.version,
        v.engine,
        v.fuel,
        v.notes,
      ]
        .map(quote)
        .join(",");
      if (!out.write(`${line}\n`)) await once(out, "drain");
      written++;
    }
  }
  out.end();
  await once(out, "finish");
  const sizeMb = statSync(file).size / 1024 / 1024;
  console.log(`CSV: ${written.toLocaleString("pt-BR")} rows, ${sizeMb.toFixed(0)} MB`);

  openBenchDatabase(path.join(work, "csv.db"));
  resetPeak();
  const { job, runId } = await engineRun("csv", file);
  let started = performance.now();
  const outcome = await runCatalogueImport(
    job.id,
    runId,
    csvBatchSource({ kind: "csv", file, fileName: "catalogue.csv" }),
  );
  const importSeconds = (performance.now() - started) / 1000;
  const importPeak = mb(peakRss);
  if (outcome.status !== "completed")
    throw new Error(`CSV import ended ${outcome.status}: ${outcome.message}`);
  const done = getImportJob(job.id)!;

  // The dry run plans the same file against an empty database, as it would have before the import.
  openBenchDatabase(path.join(work, "csv-plan.db"));
  resetPeak();
  started = performance.now();
  const plan = await planCsvFile(file);
  const planSeconds = (performance.now() - started) / 1000;
  const planPeak = mb(peakRss);
  if (!plan.ok) throw new Error(plan.message);
  csv = {
    rows: written,
    sizeMb: Math.round(sizeMb),
    dryRunSeconds: Math.round(planSeconds * 10) / 10,
    dryRunPeakRssMb: planPeak,
    importSeconds: Math.round(importSeconds * 10) / 10,
    importPeakRssMb: importPeak,
    fitmentRows: done.createdCompatibilities,
    fitmentRowsPerMinute: Math.round((done.createdCompatibilities / importSeconds) * 60),
    dryRunMatchesImport: Number(
      plan.value.counts.createdCompatibilities === done.createdCompatibilities &&
        plan.value.counts.createdParts === done.createdParts,
    ),
  };
  console.log(
    `CSV dry run: ${csv.dryRunSeconds} s (peak RSS ${csv.dryRunPeakRssMb} MB); import: ${csv.importSeconds} s, ${csv.fitmentRows.toLocaleString("pt-BR")} fitment rows → ${csv.fitmentRowsPerMinute.toLocaleString("pt-BR")} rows/min (peak RSS ${csv.importPeakRssMb} MB); dry run = import: ${csv.dryRunMatchesImport ? "yes" : "NO"}`,
  );
}

closeDb();
const met = api.rowsPerMinute >= TARGET_ROWS_PER_MINUTE;
console.log(
  `\nAPI import: ${api.rowsPerMinute.toLocaleString("pt-BR")} fitment rows/min (target ≥ ${TARGET_ROWS_PER_MINUTE.toLocaleString("pt-BR")}: ${met ? "PASS" : "MISS"}); ${ratio.toFixed(2)}× the plain-insert floor; peak RSS ${api.peakRssMb} MB`,
);
const results = {
  date: new Date().toISOString(),
  items: ITEMS,
  perPage: PER_PAGE,
  concurrentPages: CONCURRENT_PAGES,
  api,
  floor,
  ratioToFloor: Math.round(ratio * 100) / 100,
  csv,
};
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
writeFileSync(
  path.join(ROOT, "bench/results/import.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
cleanUp();
