// Relevance of the description search, measured on queries built from the catalogue itself
// (issue #25, ADR 0034).
//
//   npm run bench:relevance                      # demo catalogue: ≥ 200 judged queries, per kind
//   npm run bench:relevance -- --verbose         # …and every failing query
//   npm run bench:relevance -- --catalogue bench/.data/catalogue-1m.db   # latency at 1M parts
//
// Demo run: a fresh SQLite file with the app's migrations and the demo seed; 16 queries of each of
// the 14 kinds in bench/relevance-queries.ts (fixed seed); each answered by `searchDescription`
// (first page, 20 cards) and judged against a ground truth computed from the part names and plain
// SQL over the fitments. Per kind and overall: P@1, precision@10, recall@20, share of empty answers.
//
// Catalogue run: the catalogue file is copied once to `<file>.relevance-copy.db` (migrated there,
// the original is never opened for writing), ~200 queries with vehicle words are built from its own
// names and fitments, a separate warm-up set runs first, then each query is timed on the one
// connection: p50/p95/p99/max and the slowest five; P@1 and empty answers are judged too.
//
// Targets: P@1 ≥ 0.95, precision@10 ≥ 0.9, recall@20 ≥ 0.9, no empty answer; p95 ≤ 80 ms at 1M.
// A missed target is printed, not an error. Results: bench/results/relevance.json (demo) and
// bench/results/relevance-catalogue.json (catalogue run).
//
// BENCH_RELEVANCE_ENGINE=<absolute path of a module exporting searchDescription> measures another
// engine with the same queries (e.g. a copy of the module before a change).

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import type {
  DescriptionPage,
  Paging,
  SearchFilters,
} from "../app/models/search/description.types";
import {
  generateQueries,
  Judge,
  KIND_LABELS,
  QUERY_KINDS,
  type JudgedQuery,
  type QueryKind,
} from "./relevance-queries";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const SEED = Number(option("seed") ?? 20251125);
const PER_KIND = Number(option("per-kind") ?? 16);
const LATENCY_QUERIES = Number(option("queries") ?? 200);
const VERBOSE = args.includes("--verbose") || process.env.BENCH_VERBOSE === "1";
const CATALOGUE = option("catalogue");
const FRESH_COPY = args.includes("--fresh-copy");

const TARGETS = { p1: 0.95, precision10: 0.9, recall20: 0.9, empty: 0, p95Ms: 80 };
const PAGE: Paging = { page: 1, perPage: 20 };

type Engine = {
  searchDescription: (query: string, filters?: SearchFilters, paging?: Paging) => DescriptionPage;
};

const work = mkdtempSync(path.join(os.tmpdir(), "encaixa-bench-relevance-"));
process.env.DATA_DIR = work;
process.env.SESSION_SECRET ??= "bench-secret-".padEnd(40, "x");
process.env.NODE_ENV = "test";
delete process.env.REDIS_URL;

const cleanUp = () => rmSync(work, { recursive: true, force: true });
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "—");
const mean = (values: number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const resultsDir = path.join(ROOT, "bench/results");
const host = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
  loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
};

async function loadEngine(): Promise<Engine> {
  const other = process.env.BENCH_RELEVANCE_ENGINE;
  return other
    ? ((await import(other)) as Engine)
    : await import("../app/models/search/description.server");
}

type Judged = {
  kind: QueryKind;
  query: string;
  right: number;
  shown: number;
  total: number;
  p1: number;
  precision10: number;
  precisionR: number;
  recall20: number;
  empty: boolean;
  ms: number;
  understood: string | null;
  corrections: string[];
  partWords: string[];
  expected: string;
  first: string | null;
  firstFits: boolean | null;
  /** Wrong cards among the first 10, for the report. */
  wrongTop10: string[];
};

// ---------------------------------------------------------------------------------------------

async function relevanceRun() {
  process.env.DATABASE_PATH = path.join(work, "relevance.db");
  const { db, closeDb } = await import("../app/utils/db.server");
  const { seedDatabase } = await import("../db/seed");
  const { searchDescription } = await loadEngine();
  const client = db().$client;
  await seedDatabase(db(), {
    adminEmail: "bench-relevance@encaixa.local",
    adminPassword: "bench-relevance-1",
    demo: true,
  });

  const queries = generateQueries(client, { seed: SEED, perKind: PER_KIND });
  const judge = new Judge(client);
  const results: Judged[] = [];
  let unanswerable = 0;
  for (const query of queries) {
    const right = judge.rightParts(query);
    if (!right.size) {
      // Cannot happen by construction (the source part is right); kept out of the figures if it does.
      unanswerable++;
      continue;
    }
    const started = performance.now();
    const page = searchDescription(query.query, undefined, PAGE);
    const ms = performance.now() - started;
    results.push(score(query, page, right, judge, ms));
  }
  closeDb();

  const byKind = QUERY_KINDS.map((kind) =>
    summarise(
      kind,
      results.filter((r) => r.kind === kind),
    ),
  );
  const overall = summarise("overall", results);
  printTable([...byKind, overall]);
  if (unanswerable)
    console.log(`(${unanswerable} generated queries had no right answer and were left out)`);

  const failing = results.filter(isFailure);
  console.log(
    `\n${failing.length} of ${results.length} queries miss at least one target ` +
      `(first card wrong, empty, precision@10 < 0.9 or recall@20 < 0.9).`,
  );
  const shown = VERBOSE
    ? failing
    : QUERY_KINDS.flatMap((kind) => failing.filter((r) => r.kind === kind).slice(0, 2));
  if (shown.length) {
    console.log(
      VERBOSE ? "Failing queries:" : "Examples (two per kind; --verbose lists them all):",
    );
    for (const r of shown) printFailure(r);
  }
  const misses = [...byKind, overall].flatMap(missesOf);
  if (misses.length) {
    console.log("\nTARGETS MISSED:");
    for (const miss of misses) console.log(`  ${miss}`);
  } else console.log("\nEvery target met.");

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, "relevance.json"),
    `${JSON.stringify({ date: new Date().toISOString(), host, seed: SEED, perKind: PER_KIND, targets: TARGETS, byKind, overall, misses, queries: results }, null, 2)}\n`,
  );
  console.log("\nWritten: bench/results/relevance.json");
}

function score(
  query: JudgedQuery,
  page: DescriptionPage,
  right: Set<number>,
  judge: Judge,
  ms: number,
): Judged {
  const ids = page.hits.map((hit) => hit.id);
  const top10 = ids.slice(0, 10);
  const top20 = ids.slice(0, 20);
  const rightIn = (list: number[]) => list.filter((id) => right.has(id)).length;
  const v = query.vehicle;
  return {
    kind: query.kind,
    query: query.query,
    right: right.size,
    shown: ids.length,
    total: page.total,
    p1: ids.length && right.has(ids[0]) ? 1 : 0,
    precision10: top10.length ? rightIn(top10) / top10.length : 0,
    precisionR: rightIn(ids.slice(0, Math.min(10, right.size))) / Math.min(10, right.size),
    recall20: rightIn(top20) / Math.min(20, right.size),
    empty: ids.length === 0,
    ms,
    understood: page.understood.vehicleLabel,
    corrections: page.understood.corrections.map((c) => `${c.from}→${c.to}`),
    partWords: query.partWords,
    expected:
      judge.describe(query.sourcePartId) +
      (v ? ` for ${[v.brand, v.model, v.engine, v.year].filter(Boolean).join(" ")}` : "") +
      (query.manufacturer ? ` by ${query.manufacturer}` : ""),
    first: ids.length ? judge.describe(ids[0]) : null,
    firstFits: page.hits[0]?.fitsVehicle ?? null,
    wrongTop10: top10.filter((id) => !right.has(id)).map((id) => judge.describe(id)),
  };
}

const isFailure = (r: Judged) =>
  r.p1 < 1 || r.empty || r.precision10 < TARGETS.precision10 || r.recall20 < TARGETS.recall20;

type Summary = {
  kind: QueryKind | "overall";
  queries: number;
  p1: number;
  precision10: number;
  /** Right among the first min(10, number right): extra cards after all the right ones are free. */
  precisionR: number;
  recall20: number;
  emptyShare: number;
  medianMs: number;
};

function summarise(kind: QueryKind | "overall", rows: Judged[]): Summary {
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    kind,
    queries: rows.length,
    p1: mean(rows.map((r) => r.p1)),
    precision10: mean(rows.map((r) => r.precision10)),
    precisionR: mean(rows.map((r) => r.precisionR)),
    recall20: mean(rows.map((r) => r.recall20)),
    emptyShare: mean(rows.map((r) => (r.empty ? 1 : 0))),
    medianMs: percentile(ms, 50),
  };
}

function missesOf(s: Summary): string[] {
  const misses: string[] = [];
  if (!s.queries) return [`${s.kind}: no query could be built`];
  if (s.p1 < TARGETS.p1) misses.push(`${s.kind}: P@1 ${fixed(s.p1)} < ${TARGETS.p1}`);
  if (s.precision10 < TARGETS.precision10)
    misses.push(`${s.kind}: precision@10 ${fixed(s.precision10)} < ${TARGETS.precision10}`);
  if (s.recall20 < TARGETS.recall20)
    misses.push(`${s.kind}: recall@20 ${fixed(s.recall20)} < ${TARGETS.recall20}`);
  if (s.emptyShare > TARGETS.empty)
    misses.push(`${s.kind}: ${fixed(s.emptyShare * 100, 1)} % empty answers (target none)`);
  return misses;
}

function printTable(rows: Summary[]) {
  const header = ["kind", "n", "P@1", "prec@10", "rec@20", "empty", "prec@R", "ms p50", ""];
  const lines = rows.map((s) => [
    s.kind,
    String(s.queries),
    fixed(s.p1),
    fixed(s.precision10),
    fixed(s.recall20),
    `${fixed(s.emptyShare * 100, 1)} %`,
    fixed(s.precisionR),
    fixed(s.medianMs, 1),
    missesOf(s).length ? "MISS" : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ");
  console.log(
    `\nDescription search relevance — ${rows.at(-1)?.queries ?? 0} queries, seed ${SEED}`,
  );
  console.log(
    `targets: P@1 ≥ ${TARGETS.p1}, precision@10 ≥ ${TARGETS.precision10}, recall@20 ≥ ${TARGETS.recall20}, no empty answer` +
      `\n(prec@R, no target: right among the first min(10, number right) — cards after every right one are not counted)\n`,
  );
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const [index, line] of lines.entries()) {
    if (index === lines.length - 1) console.log(widths.map((w) => "-".repeat(w)).join("  "));
    console.log(format(line));
  }
  console.log("\nkinds:");
  for (const kind of QUERY_KINDS) console.log(`  ${kind.padEnd(13)} ${KIND_LABELS[kind]}`);
}

function printFailure(r: Judged) {
  const why = [
    r.empty ? "empty" : r.p1 < 1 ? "first wrong" : null,
    !r.empty && r.precision10 < TARGETS.precision10 ? `prec@10 ${fixed(r.precision10)}` : null,
    r.recall20 < TARGETS.recall20 ? `rec@20 ${fixed(r.recall20)}` : null,
  ].filter(Boolean);
  console.log(
    `  [${r.kind}] "${r.query}" — ${why.join(", ")}; ${r.right} right, ${r.total} found` +
      `\n      understood: ${r.understood ?? "no vehicle"}; words ${JSON.stringify(r.partWords)}` +
      (r.corrections.length ? `; corrections ${r.corrections.join(", ")}` : "") +
      `\n      expected e.g. ${r.expected}` +
      `\n      first: ${r.first ?? "—"}${r.firstFits === null ? "" : r.firstFits ? " (fitsVehicle)" : " (not fitsVehicle)"}` +
      (r.wrongTop10.length && r.p1
        ? `\n      wrong in the first 10: ${r.wrongTop10.slice(0, 3).join("; ")}${r.wrongTop10.length > 3 ? "; …" : ""}`
        : ""),
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * A migrated copy of the catalogue beside it, made once and reused while the original is
 * unchanged: the app's connection sets WAL and runs migrations, which must never touch the original.
 */
function catalogueCopy(source: string): string {
  const copy = source.replace(/\.db$/, "") + ".relevance-copy.db";
  const stamp = `${copy}.source.json`;
  const { size, mtimeMs } = statSync(source);
  const wanted = JSON.stringify({ size, mtimeMs });
  if (
    !FRESH_COPY &&
    existsSync(copy) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === wanted
  )
    return copy;
  console.log(`Copying ${path.relative(ROOT, source)} to ${path.relative(ROOT, copy)} (once)…`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
  rmSync(stamp, { force: true });
  copyFileSync(source, copy);
  // Committed pages still in the source's WAL belong to the catalogue too.
  if (existsSync(`${source}-wal`) && statSync(`${source}-wal`).size > 0)
    copyFileSync(`${source}-wal`, `${copy}-wal`);
  writeFileSync(stamp, wanted);
  return copy;
}

async function latencyRun(source: string) {
  if (!existsSync(source))
    throw new Error(`${source} does not exist (npx tsx bench/generate-catalogue.ts writes it)`);
  process.env.DATABASE_PATH = catalogueCopy(path.resolve(source));
  const { db, closeDb } = await import("../app/utils/db.server");
  const { searchDescription } = await loadEngine();
  const migrating = performance.now();
  let client;
  try {
    client = db().$client;
  } catch (error) {
    // A migration edited after the catalogue was migrated runs again and trips on its own tables.
    throw new Error(
      `The copy of ${source} does not migrate to the current schema (${String((error as Error & { cause?: unknown }).cause ?? error)}). ` +
        "If a migration changed after the catalogue was generated, regenerate it " +
        "(npx tsx bench/generate-catalogue.ts) and run again; --fresh-copy retakes the copy.",
      { cause: error },
    );
  }
  console.log(`Opened and migrated the copy in ${Math.round(performance.now() - migrating)} ms.`);
  const kinds = QUERY_KINDS.filter((kind) => kind !== "part_only");
  const perKind = Math.ceil(LATENCY_QUERIES / kinds.length);
  const generating = performance.now();
  const queries = generateQueries(client, { seed: SEED, perKind, kinds });
  const warmUp = generateQueries(client, { seed: SEED + 1, perKind: 3, kinds });
  console.log(
    `${queries.length} timed queries and ${warmUp.length} warm-up queries built in ${Math.round(performance.now() - generating)} ms.`,
  );
  for (const query of warmUp) searchDescription(query.query, undefined, PAGE);

  const judge = new Judge(client);
  const timed: {
    kind: QueryKind;
    query: string;
    ms: number;
    cpuMs: number;
    total: number;
    p1: number;
    empty: boolean;
    understood: string | null;
  }[] = [];
  for (const query of queries) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const page = searchDescription(query.query, undefined, PAGE);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    timed.push({
      kind: query.kind,
      query: query.query,
      ms,
      cpuMs: (user + system) / 1000,
      total: page.total,
      p1: page.hits.length && judge.isRight(query, page.hits[0].id) ? 1 : 0,
      empty: page.hits.length === 0,
      understood: page.understood.vehicleLabel,
    });
  }
  closeDb();

  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  const cpuSorted = timed.map((t) => t.cpuMs).sort((a, b) => a - b);
  const stats = {
    queries: timed.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    cpuP50: percentile(cpuSorted, 50),
    cpuP95: percentile(cpuSorted, 95),
    p1: mean(timed.map((t) => t.p1)),
    emptyShare: mean(timed.map((t) => (t.empty ? 1 : 0))),
  };
  console.log(
    `\nsearchDescription on ${path.relative(ROOT, source)}, one connection, ${stats.queries} queries (seed ${SEED}):` +
      `\n  p50 ${fixed(stats.p50, 1)} ms · p95 ${fixed(stats.p95, 1)} ms · p99 ${fixed(stats.p99, 1)} ms · max ${fixed(stats.max, 1)} ms` +
      `   (target p95 ≤ ${TARGETS.p95Ms} ms: ${stats.p95 <= TARGETS.p95Ms ? "ok" : "MISS"})` +
      `\n  CPU of the process per query: p50 ${fixed(stats.cpuP50, 1)} ms · p95 ${fixed(stats.cpuP95, 1)} ms (less sensitive to a busy machine)` +
      `\n  P@1 ${fixed(stats.p1)} · empty answers ${fixed(stats.emptyShare * 100, 1)} %`,
  );
  const load = os.loadavg()[0];
  if (load > os.cpus().length)
    console.log(
      `  (load average ${load.toFixed(1)} on ${os.cpus().length} CPUs: wall times include waiting for a CPU)`,
    );
  console.log("\nby kind (ms):");
  const perKindStats = kinds.map((kind) => {
    const rows = timed.filter((t) => t.kind === kind);
    const ms = rows.map((t) => t.ms).sort((a, b) => a - b);
    const cpu = rows.map((t) => t.cpuMs).sort((a, b) => a - b);
    return {
      kind,
      queries: rows.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      max: ms.at(-1) ?? NaN,
      cpuP50: percentile(cpu, 50),
      cpuP95: percentile(cpu, 95),
      p1: mean(rows.map((t) => t.p1)),
    };
  });
  for (const k of perKindStats)
    console.log(
      `  ${k.kind.padEnd(13)} n ${String(k.queries).padStart(3)}  p50 ${fixed(k.p50, 1).padStart(7)}  p95 ${fixed(k.p95, 1).padStart(7)}  max ${fixed(k.max, 1).padStart(7)}  CPU p50 ${fixed(k.cpuP50, 1).padStart(6)}  p95 ${fixed(k.cpuP95, 1).padStart(6)}  P@1 ${fixed(k.p1)}`,
    );
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log("\nslowest 5:");
  for (const t of slowest)
    console.log(
      `  ${fixed(t.ms, 1).padStart(8)} ms (CPU ${fixed(t.cpuMs, 1)})  [${t.kind}] "${t.query}" → ${t.total} found, ${t.understood ?? "no vehicle"}`,
    );
  if (VERBOSE) {
    console.log("\nfirst card wrong or empty:");
    for (const t of timed.filter((t) => !t.p1))
      console.log(`  [${t.kind}] "${t.query}" → ${t.total} found, ${t.understood ?? "no vehicle"}`);
  }
  if (stats.p95 > TARGETS.p95Ms)
    console.log(`\nTARGET MISSED: p95 ${fixed(stats.p95, 1)} ms > ${TARGETS.p95Ms} ms.`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, "relevance-catalogue.json"),
    `${JSON.stringify({ date: new Date().toISOString(), host, catalogue: source, seed: SEED, targets: { p95Ms: TARGETS.p95Ms }, stats, perKind: perKindStats, slowest, queries: timed }, null, 2)}\n`,
  );
  console.log("\nWritten: bench/results/relevance-catalogue.json");
}

try {
  if (CATALOGUE) await latencyRun(CATALOGUE);
  else await relevanceRun();
} finally {
  cleanUp();
}
