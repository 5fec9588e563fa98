// A process with a small heap (the test passes --max-old-space-size) that dry-runs a large valid
// catalogue CSV, as "Apenas simular" does inside a web process. It prints one JSON line: the plan's
// outcome, the heap it grew by, the longest the event loop waited meanwhile, and the files left in
// the uploads folder. The plan's state outgrowing the heap (the process dying) is what the test
// catches; a plan that answers must answer the exact counts the file implies.
//
//   node --max-old-space-size=64 --import tsx tests/support/csv-plan-worker.ts PARTS ROWS_PER_PART YEARS
import { createWriteStream, readdirSync, statSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import {
  csvUploadDirectory,
  planCsvFile,
} from "../../app/models/imports/catalogue/csv-source.server";

const [parts, rowsPerPart, years] = process.argv.slice(2).map(Number) as [number, number, number];
/** Distinct vehicle models: part p's rows fit models (p·7 + r) mod MODELS, all different. */
const MODELS = 2000;
const CATEGORIES = 50;
const FIRST_YEAR = 1990;

const directory = csvUploadDirectory();
const file = path.join(directory, "catalogo-grande.csv");
const out = createWriteStream(file);
out.write(
  "code,name,manufacturer,category,description,alternative_codes,brand,model,year_start,year_end,version,engine,fuel,notes\n",
);
let lines: string[] = [];
for (let p = 0; p < parts; p++) {
  for (let r = 0; r < rowsPerPart; r++) {
    const model = (p * 7 + r) % MODELS;
    lines.push(
      `PLN-${p},Peça de teste ${p},Fabricante Plano,Categoria plano ${p % CATEGORIES},,ALT-${p},Marca Plano ${model % 20},Modelo ${model},${FIRST_YEAR},${FIRST_YEAR + years - 1},1.0,,Flex,\n`,
    );
  }
  if (lines.length >= 10_000) {
    if (!out.write(lines.join(""))) await once(out, "drain");
    lines = [];
  }
}
out.end(lines.join(""));
await once(out, "finish");

// The event loop's longest wait and the heap's peak, sampled while the plan runs.
(globalThis as { gc?: () => void }).gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
let longestWaitMs = 0;
let ticks = 0;
const spillFiles = new Set<string>();
let spillMb = 0;
let last = performance.now();
const sampler = setInterval(() => {
  const now = performance.now();
  longestWaitMs = Math.max(longestWaitMs, now - last);
  last = now;
  ticks++;
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  for (const name of readdirSync(directory)) {
    if (!name.startsWith("plano-")) continue;
    spillFiles.add(name);
    const size = statSync(path.join(directory, name), { throwIfNoEntry: false })?.size ?? 0;
    spillMb = Math.max(spillMb, size / 2 ** 20);
  }
}, 5);

const started = performance.now();
const plan = await planCsvFile(file);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

process.stdout.write(
  `${JSON.stringify({
    plan: plan.ok
      ? { ok: true, rows: plan.value.rows, bad: plan.value.badRowCount, counts: plan.value.counts }
      : plan,
    seconds,
    heapGrowthMb: (heapPeak - heapBefore) / 2 ** 20,
    longestWaitMs,
    ticks,
    spillFiles: [...spillFiles],
    spillMb,
    leftInUploads: readdirSync(directory).filter((name) => name !== path.basename(file)),
  })}\n`,
);
process.exit(0);
