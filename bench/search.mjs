#!/usr/bin/env node
// Search latency/throughput on a 1M-part catalogue, against the real production server.
//
//   npm run bench:search                       # 1M parts / 3M alt codes / 100k vehicles / 10M fitments
//   npm run bench:search -- --size small       # 50k parts, for quick checks
//   npm run bench:search -- --duration 20 --connections 20 --only code,description
//   npm run bench:search -- --regenerate       # rebuild the catalogue file even if it matches
//   npm run bench:search -- --rate 50          # fixed 50 req/s per target: latency below saturation
//   (also: --warmup 2, --single 5 (0 = skip the 1-connection pass), --gzip, --db <file>, --keep-searches,
//    --pages 0 to skip the pages pass)
//   npm run bench:search -- --profile "/search?q=BR-580.495"   # where one path's CPU goes (below)
//
// 1. Makes sure the catalogue file exists (bench/.data/catalogue-1m.db, or -50k for --size small)
//    and has the expected row counts; otherwise runs bench/generate-catalogue.ts (via tsx).
// 2. Starts `node server.mjs` (production build; built first if build/server/index.js is missing)
//    on a free port with DATABASE_PATH pointing at that file, waits for /healthz, and signs in as
//    the catalogue's admin (admins are unlimited, so credits never stop the load).
// 3. autocannon, N connections (default 20), warm-up then measurement, for: /healthz (baseline),
//    exact own-code search, alternative-code search, description search on /search (HTML page),
//    and the JSON endpoint /api/parts/search when it exists. Queries rotate through ~200 samples.
//    Two reference pages with no target: /login signed out and /search signed in without a query
//    (a page before any search: the floor under the page targets).
//    Then the same search targets with ONE connection, which is the per-request (unqueued) latency.
// 4. All of it twice: with one web process (WEB_CONCURRENCY=1) and with one per core; and, first,
//    the floor: a bare node:http server answering "ok", measured the same way in the same run.
// 5. With one process, the back office's heavy pages on the same catalogue (--pages 0 skips):
//    each page's time to its last byte, and how long it held the process (the slowest /healthz
//    asked back to back meanwhile). Target: no page holds its process more than 100 ms.
// 6. Prints a table per process count and PASS/MISS per target; writes bench/results/search.json.
//
// --profile <path>: instead of all that, one web process under `node --cpu-prof`, that path loaded
// (warm-up, then --duration s at --connections), and the web process's profile summarised: busy time
// by package, by function, and the app's own functions inclusive. The .cpuprofile path is printed.
//
// Targets (issue #13): /healthz >= 5 % of the bare floor; JSON code search >= 0.7 x /healthz; the
// HTML /search page >= 0.4 x (code) and >= 0.25 x (description); p99 at 20 connections <= 25 ms
// (code) and <= 60 ms (description); N processes >= 1.5 x one; RSS <= 250 MB per web process.
// Missing a target exits 0 (a measurement); a crash exits 1. (--processes 1,2 picks the counts.)

import autocannon from "autocannon";
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_FILE = path.join(ROOT, "bench", "results", "search.json");
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const GENERATOR = path.join(ROOT, "bench", "generate-catalogue.ts");

// Must match SIZES in bench/generate-catalogue.ts.
const SIZES = {
  full: {
    parts: 1_000_000,
    alternatives: 3_000_000,
    vehicles: 100_000,
    fitments: 10_000_000,
    file: "catalogue-1m.db",
  },
  small: {
    parts: 50_000,
    alternatives: 150_000,
    vehicles: 10_000,
    fitments: 500_000,
    file: "catalogue-50k.db",
  },
};

const TARGETS = {
  healthzFloorRatio: 0.05,
  jsonCodeRatio: 0.7,
  htmlCodeRatio: 0.4,
  htmlDescriptionRatio: 0.25,
  codeP99Ms: 25,
  descriptionP99Ms: 60,
  scaling: 1.5,
  rssMb: 250,
  /** The longest a page may keep its web process from answering anyone else. */
  pageHoldMs: 100,
};

const HEALTH_TIMEOUT_MS = 120_000;

const args = parseArgs(process.argv.slice(2));
const SIZE = args.size ?? process.env.BENCH_SIZE ?? "full";
if (!SIZES[SIZE]) fatal(`--size must be one of ${Object.keys(SIZES).join(", ")}`);
const CONNECTIONS = clampInt(args.connections, 20, 1, 1000);
const DURATION_S = clampInt(args.duration, 10, 1, 600);
const WARMUP_S = clampInt(args.warmup, 2, 0, 60);
const SINGLE_S = clampInt(args.single, 5, 0, 600);
const DB_FILE = path.resolve(args.db ?? path.join(ROOT, "bench", ".data", SIZES[SIZE].file));
const ONLY = String(args.only ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const GZIP = args.gzip === "true";
/** Fixed overall request rate for the loaded phase (open-ish loop); 0 = as fast as possible. */
const RATE = args.rate ? clampInt(args.rate, 0, 0, 1_000_000) : 0;
const KEEP_SEARCHES = args["keep-searches"] === "true";
/** The pass over the back office's heavy pages (one process); `--pages 0` skips it. */
const PAGES_PASS = args.pages !== "0" && args.pages !== "false";
const VERBOSE = Boolean(process.env.BENCH_VERBOSE) || args.verbose === "true";
/** `--profile <path>`: one web process under --cpu-prof, that path loaded, and where its CPU went. */
const PROFILE_PATH =
  typeof args.profile === "string" && args.profile.startsWith("/") ? args.profile : "";
if (args.profile !== undefined && !PROFILE_PATH)
  fatal("--profile takes a path, e.g. --profile /healthz");
const PROCESS_COUNTS = String(args.processes ?? `1,${os.availableParallelism()}`)
  .split(",")
  .map((n) => clampInt(n, 1, 1, 64))
  .filter((n, i, all) => all.indexOf(n) === i);

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) continue;
    if (m[2] !== undefined) out[m[1]] = m[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--")) out[m[1]] = argv[++i];
    else out[m[1]] = "true";
  }
  return out;
}

function clampInt(value, fallback, min, max) {
  const n = Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

function fatal(message) {
  console.error(`bench:search: ${message}`);
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (n, digits = 1) =>
  n == null || !Number.isFinite(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits;
const log = (...a) => console.log(...a);

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function freePort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd, cmdArgs, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { stdio: "inherit", cwd: ROOT, ...opts });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${cmdArgs.join(" ")} failed (${signal ?? code})`)),
    );
  });
}

/** VmRSS / VmHWM of a process, in MB (null when it is gone). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) =>
      Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** CPU time (user + system, all threads) a process has used so far, in ms. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** The web processes of a server started as a cluster primary: its children. */
function webPids(primaryPid) {
  try {
    return readFileSync(`/proc/${primaryPid}/task/${primaryPid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU ms of the primary and every web process. */
function serverCpuMs(primaryPid) {
  let total = 0;
  for (const pid of [primaryPid, ...webPids(primaryPid)]) total += cpuMsOf(pid) ?? 0;
  return total;
}

// ---------------------------------------------------------------------------
// The catalogue file
// ---------------------------------------------------------------------------

function tableCounts(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (t) => db.prepare(`select count(*) as n from ${t}`).get().n;
    return {
      parts: count("parts"),
      alternatives: count("part_alternative_codes"),
      vehicles: count("vehicles"),
      fitments: count("part_vehicles"),
    };
  } finally {
    db.close();
  }
}

async function ensureCatalogue() {
  const want = SIZES[SIZE];
  const metaFile = `${DB_FILE}.json`;
  let reason = "";
  if (args.regenerate === "true") reason = "--regenerate";
  else if (!existsSync(DB_FILE) || !existsSync(metaFile)) reason = "no catalogue file yet";
  else {
    const started = performance.now();
    const counts = tableCounts(DB_FILE);
    const mismatch = ["parts", "alternatives", "vehicles", "fitments"].filter(
      (k) => counts[k] !== want[k],
    );
    if (mismatch.length > 0)
      reason = `row counts differ (${mismatch.map((k) => `${k} ${counts[k]} ≠ ${want[k]}`).join(", ")})`;
    else
      log(
        `Catalogue ${path.relative(ROOT, DB_FILE)}: row counts match (checked in ${((performance.now() - started) / 1000).toFixed(1)} s), reusing it.`,
      );
  }
  if (reason) {
    log(`Generating the catalogue (${reason}); this takes a while at full size ...`);
    const started = performance.now();
    await run(path.join(ROOT, "node_modules", ".bin", "tsx"), [
      GENERATOR,
      "--size",
      SIZE,
      "--out",
      DB_FILE,
    ]);
    log(
      `Catalogue generated in ${((performance.now() - started) / 1000).toFixed(1)} s (wall clock, tsx start-up included).`,
    );
  }
  const meta = JSON.parse(readFileSync(metaFile, "utf8"));
  log(
    `  generated ${meta.generatedAt} in ${(meta.generationMs / 1000).toFixed(1)} s ` +
      `(${Object.entries(meta.phasesMs)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(", ")}); ` +
      `file ${(meta.fileBytes / 1024 ** 3).toFixed(2)} GiB`,
  );
  return meta;
}

/** Forgets what earlier runs left (the bench admin's search log, sessions, throttle rows). */
function resetBenchState(adminEmail, { searchesOnly = false } = {}) {
  const db = new Database(DB_FILE);
  try {
    db.pragma("busy_timeout = 10000");
    const admin = db.prepare("select id from users where email = ?").get(adminEmail);
    if (!admin) throw new Error(`${adminEmail} is not in ${DB_FILE}`);
    db.prepare("delete from credit_ledger where user_id = ?").run(admin.id);
    db.prepare("delete from searches where user_id = ?").run(admin.id);
    if (!searchesOnly) {
      db.prepare("delete from sessions").run();
      db.prepare("delete from login_attempts").run();
      db.pragma("wal_checkpoint(TRUNCATE)");
    }
    return admin.id;
  } finally {
    db.close();
  }
}

/** What the app itself logged for the searches of one target: how many, and runEngine's time. */
function searchLogStats(userId) {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    db.pragma("busy_timeout = 10000");
    const rows = db
      .prepare(
        "select duration_ms as d, results_count as r from searches where user_id = ? order by d",
      )
      .all(userId);
    const d = rows.map((r) => r.d);
    const hits = rows.filter((r) => r.r > 0).length;
    return {
      logged: rows.length,
      withResults: hits,
      engineMsP50: round(percentile(d, 50), 2),
      engineMsP99: round(percentile(d, 99), 2),
      engineMsMean: round(d.reduce((a, b) => a + b, 0) / (d.length || 1), 2),
    };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------
// Server lifecycle
// ---------------------------------------------------------------------------

/** @type {import("node:child_process").ChildProcess | null} */
let server = null;
const serverLog = [];
let dataDir = "";

async function ensureBuild() {
  if (existsSync(SERVER_BUILD)) return;
  log("build/server/index.js missing: running `npx remix vite:build` ...");
  await run("npx", ["remix", "vite:build"]);
  if (!existsSync(SERVER_BUILD))
    throw new Error("build finished but build/server/index.js is still missing");
}

async function startServer(admin, processes, nodeArgs = []) {
  const port = await freePort();
  // One data folder for every server of the run: the same secrets (session, payment keys).
  dataDir ||= await mkdtemp(path.join(os.tmpdir(), "encaixa-bench-search-"));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_PATH: DB_FILE,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    COOKIE_SECURE: "false",
    // The app refuses COOKIE_SECURE=false in production unless it is a local production run
    // (what `npm start` sets); only the config checks differ.
    ENCAIXA_LOCAL: "true",
    SEED_DEMO_DATA: "false",
    LOG_REQUESTS: "false",
    WEB_CONCURRENCY: String(processes),
  };
  delete env.REDIS_URL;
  server = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group: we stop it and anything it spawns, nothing else
  });
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line.trim()) continue;
      serverLog.push(line);
      if (serverLog.length > 60) serverLog.shift();
      if (VERBOSE) console.error(`[server] ${line}`);
    }
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastError = "";
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `server exited early (${server.signalCode ?? server.exitCode})\n${serverLog.join("\n")}`,
      );
    }
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return base;
      lastError = `status ${res.status}`;
    } catch (e) {
      lastError = e?.cause?.code ?? e?.message ?? String(e);
    }
    await sleep(250);
  }
  throw new Error(
    `GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastError})\n${serverLog.join("\n")}`,
  );
}

async function stopServer({ keepData = false } = {}) {
  const child = server;
  server = null;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    const kill = (sig) => {
      try {
        process.kill(-child.pid, sig); // the group we created, i.e. only our server
      } catch {
        try {
          child.kill(sig);
        } catch {
          /* already gone */
        }
      }
    };
    kill("SIGTERM");
    const timedOut = await Promise.race([exited.then(() => false), sleep(6000).then(() => true)]);
    if (timedOut) {
      kill("SIGKILL");
      await Promise.race([exited, sleep(2000)]);
    }
  }
  if (dataDir && !keepData) {
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    dataDir = "";
  }
}

process.on("exit", () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    console.error(`\n${sig}: stopping the server ...`);
    await stopServer();
    process.exit(sig === "SIGINT" ? 130 : 143);
  });
}

// ---------------------------------------------------------------------------
// Login and probes
// ---------------------------------------------------------------------------

function cookiesFrom(res) {
  const list =
    typeof res.headers.getSetCookie === "function"
      ? res.headers.getSetCookie()
      : [res.headers.get("set-cookie")].filter(Boolean);
  const jar = {};
  for (const c of list) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    if (i > 0) jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return jar;
}

async function login(base, admin) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      referer: `${base}/login`,
    },
    body: new URLSearchParams({
      email: admin.email,
      password: admin.password,
      redirectTo: "/home",
    }),
  });
  const jar = cookiesFrom(res);
  if (![301, 302, 303].includes(res.status) || !jar.__session) {
    throw new Error(
      `login as ${admin.email} failed: POST /login answered ${res.status}${jar.__session ? "" : " without a __session cookie"}`,
    );
  }
  return `__session=${jar.__session}`;
}

const countCards = (html) => (html.match(/data-testid="result-card"/g) ?? []).length;

/** One request per sample query, outside the load: checks the answers and measures their size. */
async function probe(base, headers, paths, kind) {
  let bytes = 0;
  let withResults = 0;
  let checked = 0;
  const problems = [];
  for (const p of paths.slice(0, 25)) {
    const res = await fetch(`${base}${p}`, { headers, redirect: "manual" });
    const text = await res.text();
    checked++;
    bytes += Buffer.byteLength(text);
    if (res.status !== 200) {
      problems.push(
        `${p} → ${res.status}${res.headers.get("location") ? ` (${res.headers.get("location")})` : ""}`,
      );
      continue;
    }
    let n = 0;
    if (kind === "html") n = countCards(text);
    else {
      try {
        const body = JSON.parse(text);
        const list =
          body?.data?.results ??
          body?.data?.parts ??
          body?.data?.items ??
          body?.results ??
          body?.data;
        n = Array.isArray(list) ? list.length : 0;
      } catch {
        problems.push(`${p} → not JSON`);
      }
    }
    if (n > 0) withResults++;
  }
  return { checked, withResults, avgBytes: Math.round(bytes / Math.max(1, checked)), problems };
}

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

/** RSS sampler for the server process, over the whole run. */
/** The largest resident size any one web process reaches. */
function rssSampler(primaryPid) {
  let peakRss = 0;
  const timer = setInterval(() => {
    for (const pid of webPids(primaryPid)) {
      const m = memoryOf(pid);
      if (m && Math.max(m.rssMb, m.hwmMb) > peakRss) peakRss = Math.max(m.rssMb, m.hwmMb);
    }
  }, 200);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return peakRss;
    },
  };
}

/**
 * One autocannon run; the path of every request comes from `paths` in turn (a shared counter,
 * so 20 connections do not all ask the same thing). Latencies are also kept unrounded here
 * (autocannon's histogram has 1 ms resolution).
 */
function cannon(base, headers, paths, { connections, duration, rate = 0 }) {
  return new Promise((resolve, reject) => {
    let next = 0;
    const latencies = [];
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        headers,
        timeout: 30,
        ...(rate > 0 ? { overallRate: rate } : {}),
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, latencies })),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

function serverCpuPerRequest(before, after, requests) {
  if (before == null || after == null || !requests) return null;
  return round((after - before) / requests, 3);
}

function summarize(name, { result, latencies }) {
  const sorted = Float64Array.from(latencies).sort();
  const seconds = result.duration || DURATION_S;
  const ok2xx = result["2xx"] ?? 0;
  return {
    name,
    requests: result.requests.total,
    reqPerSec: round(ok2xx / seconds, 1),
    p50Ms: round(percentile(sorted, 50), 2),
    p90Ms: round(percentile(sorted, 90), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : null, 2),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1), 2),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    bytesPerSec: result.throughput.average,
  };
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

function pad(s, n, right = false) {
  s = String(s ?? "–");
  return right ? s.padStart(n) : s.padEnd(n);
}

function printTable(rows, title) {
  log(`\n${title}`);
  const head = [
    pad("target", 26),
    pad("req/s", 9, true),
    pad("p50 ms", 9, true),
    pad("p99 ms", 9, true),
    pad("max ms", 9, true),
    pad("ratio", 7, true),
    pad("non2xx", 7, true),
    pad("KB/resp", 8, true),
    pad("srv CPU ms/req", 15, true),
    pad("CPU ratio", 10, true),
    pad("RSS MB", 7, true),
    pad("engine p50/p99 ms", 19, true),
  ];
  log(head.join(" "));
  log("-".repeat(head.join(" ").length));
  for (const r of rows) {
    log(
      [
        pad(r.name, 26),
        pad(r.reqPerSec, 9, true),
        pad(r.p50Ms, 9, true),
        pad(r.p99Ms, 9, true),
        pad(r.maxMs, 9, true),
        pad(r.ratio == null ? "" : r.ratio.toFixed(2), 7, true),
        pad(r.non2xx + r.errors, 7, true),
        pad(r.avgBytes == null ? "" : (r.avgBytes / 1024).toFixed(1), 8, true),
        pad(r.serverCpuMsPerReq ?? "", 15, true),
        pad(r.cpuRatio == null ? "" : r.cpuRatio.toFixed(2), 10, true),
        pad(r.rssAfterMb ?? "", 7, true),
        pad(r.searchLog ? `${r.searchLog.engineMsP50}/${r.searchLog.engineMsP99}` : "", 19, true),
      ].join(" "),
    );
  }
}

function verdict(label, value, target, lowerIsBetter, unit) {
  if (value == null) return { label, status: "SKIP", detail: "not measured" };
  const pass = lowerIsBetter ? value <= target : value >= target;
  const off = lowerIsBetter ? value - target : target - value;
  const factor = lowerIsBetter ? value / target : target / value;
  const detail = pass
    ? `${value}${unit} (target ${lowerIsBetter ? "≤" : "≥"} ${target}${unit})`
    : `${value}${unit} vs ${lowerIsBetter ? "≤" : "≥"} ${target}${unit}: off by ${round(off, 2)}${unit} (${round(factor, 1)}×)`;
  return { label, status: pass ? "PASS" : "MISS", detail };
}

// ---------------------------------------------------------------------------
// Pages at catalogue scale
// ---------------------------------------------------------------------------

/**
 * Pages whose loaders read across the whole catalogue (counts, text scans, reports), with ids
 * taken from the catalogue file. Each is asked for once to warm up, then PAGE_RUNS times.
 */
function scalePages(samples) {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    const partId = db.prepare("select id from parts order by id limit 1 offset 500000").get()?.id;
    const vehicleId = db
      .prepare("select vehicle_id as id from part_vehicles order by id limit 1 offset 5000000")
      .get()?.id;
    const q = encodeURIComponent;
    return [
      ["/home", "/home"],
      ["/search code", `/search?q=${q(samples.ownCodes[0])}`],
      ["/search description", `/search?q=${q(samples.descriptionQueries[0])}&type=description`],
      ["/usage", "/usage"],
      ["/parts", "/parts"],
      ["/parts?q= (text)", "/parts?q=filtro"],
      ["/parts?q= (code)", `/parts?q=${q(samples.ownCodes[1])}`],
      ["/parts/:id/edit", `/parts/${partId}/edit`],
      ["/api/parts?q=", "/api/parts?q=filtro"],
      ["/vehicles", "/vehicles"],
      ["/vehicles/:id/compatibility", `/vehicles/${vehicleId}/compatibility`],
      ["/categories", "/categories"],
      ["/admin (geral)", "/admin"],
      ["/admin analytics", "/admin?tab=analytics"],
      ["/admin sistema", "/admin?tab=sistema"],
      ["/admin/data-quality", "/admin/data-quality"],
    ];
  } finally {
    db.close();
  }
}

const PAGE_RUNS = 3;

/**
 * Each page's time to its last byte, and how long it held the process: meanwhile a second
 * connection asks /healthz back to back, and the slowest of those answers is the hold (a loader
 * that yields between steps keeps it short however long the page takes).
 */
async function measureScalePages(base, cookie, samples) {
  const rows = [];
  for (const [name, pagePath] of scalePages(samples)) {
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${base}${pagePath}`, { headers: { cookie }, redirect: "manual" });
      const bytes = Buffer.byteLength(await res.text());
      return { status: res.status, ms: performance.now() - started, bytes };
    };
    await ask();
    const times = [];
    let holdMs = 0;
    let status = 0;
    let bytes = 0;
    for (let i = 0; i < PAGE_RUNS; i++) {
      let loading = true;
      const prober = (async () => {
        while (loading) {
          const started = performance.now();
          await (await fetch(`${base}/healthz`)).text();
          if (loading) holdMs = Math.max(holdMs, performance.now() - started);
        }
      })();
      const answer = await ask();
      loading = false;
      await prober;
      times.push(answer.ms);
      status = answer.status;
      bytes = answer.bytes;
    }
    times.sort((a, b) => a - b);
    const row = {
      name,
      path: pagePath,
      status,
      kb: round(bytes / 1024, 1),
      medianMs: round(times[Math.floor(times.length / 2)], 1),
      holdMs: round(holdMs, 1),
    };
    log(
      `  ${pad(name, 30)} ${status} ${pad(row.kb, 7, true)} KB ${pad(row.medianMs, 8, true)} ms, holds the process ${pad(row.holdMs, 7, true)} ms`,
    );
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

/** A bare node:http server answering "ok": what one Node process can do with no framework. */
async function startFloor() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.setHeader("content-type", "text/plain"); s.end("ok"); }).listen(${port}, "127.0.0.1", () => console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Every target against a server of `processes` web processes: under load, then one connection. */
async function measureWith(processes, { admin, adminId, samples, notes }) {
  log(`\nStarting the server with ${processes} web process(es) ...`);
  const base = await startServer(admin, processes);
  const pid = server.pid;
  await sleep(500);
  const sampler = rssSampler(pid);
  const bootRss = Math.max(0, ...webPids(pid).map((p) => memoryOf(p)?.rssMb ?? 0));
  log(
    `  ${base} (primary ${pid}, web ${webPids(pid).join(", ")}), RSS after boot ${round(bootRss)} MB`,
  );

  const cookie = await login(base, admin);
  const htmlHeaders = {
    cookie,
    accept: "text/html",
    ...(GZIP ? { "accept-encoding": "gzip" } : {}),
  };
  const jsonHeaders = { cookie, ...(GZIP ? { "accept-encoding": "gzip" } : {}) };
  const q = encodeURIComponent;
  const targets = [
    { name: "/healthz", kind: "plain", group: "healthz", paths: ["/healthz"], headers: {} },
    // References, no target: what a page costs before any search, the floor under the page targets.
    {
      name: "/login signed out (ref.)",
      kind: "plain",
      group: "reference",
      paths: ["/login"],
      headers: { accept: "text/html", ...(GZIP ? { "accept-encoding": "gzip" } : {}) },
    },
    {
      name: "/search, no query (ref.)",
      kind: "plain",
      group: "reference",
      paths: ["/search"],
      headers: htmlHeaders,
    },
    {
      name: "code (own) /search",
      kind: "html",
      group: "code",
      paths: samples.ownCodes.map((c) => `/search?q=${q(c)}`),
      headers: htmlHeaders,
    },
    {
      name: "code (alt) /search",
      kind: "html",
      group: "code",
      paths: samples.alternativeCodes.map((c) => `/search?q=${q(c)}`),
      headers: htmlHeaders,
    },
    {
      name: "description /search",
      kind: "html",
      group: "description",
      paths: samples.descriptionQueries.map((d) => `/search?q=${q(d)}&type=description`),
      headers: htmlHeaders,
    },
    {
      name: "code (own) /api JSON",
      kind: "json",
      group: "code",
      paths: samples.ownCodes.map((c) => `/api/parts/search?q=${q(c)}`),
      headers: jsonHeaders,
    },
    {
      name: "code (alt) /api JSON",
      kind: "json",
      group: "code",
      paths: samples.alternativeCodes.map((c) => `/api/parts/search?q=${q(c)}`),
      headers: jsonHeaders,
    },
    {
      name: "description /api JSON",
      kind: "json",
      group: "description",
      paths: samples.descriptionQueries.map((d) => `/api/parts/search?q=${q(d)}&type=description`),
      headers: jsonHeaders,
    },
  ];
  const selected = targets.filter(
    (t) =>
      t.group === "healthz" ||
      t.group === "reference" ||
      ONLY.length === 0 ||
      ONLY.some((o) => t.name.toLowerCase().includes(o.toLowerCase()) || t.group === o),
  );
  for (const t of selected) {
    if (t.kind === "plain") continue;
    t.probe = await probe(base, t.headers, t.paths, t.kind);
    log(
      `  probe ${t.name}: ${t.probe.withResults}/${t.probe.checked} with results, ~${(t.probe.avgBytes / 1024).toFixed(1)} KB per answer`,
    );
    if (t.probe.problems.length === t.probe.checked)
      throw new Error(
        `${t.name}: every probe failed:\n  ${t.probe.problems.slice(0, 5).join("\n  ")}`,
      );
    if (t.probe.problems.length > 0)
      notes.push(
        `${processes}p ${t.name}: ${t.probe.problems.length} probes failed, e.g. ${t.probe.problems[0]}`,
      );
  }

  const rows = [];
  for (const t of selected) {
    if (!KEEP_SEARCHES) resetBenchState(admin.email, { searchesOnly: true });
    if (WARMUP_S > 0)
      await cannon(base, t.headers, t.paths, {
        connections: CONNECTIONS,
        duration: WARMUP_S,
        rate: RATE,
      });
    if (!KEEP_SEARCHES) resetBenchState(admin.email, { searchesOnly: true });
    process.stdout.write(`  ${t.name} ... `);
    const cpu0 = serverCpuMs(pid);
    const row = summarize(
      t.name,
      await cannon(base, t.headers, t.paths, {
        connections: CONNECTIONS,
        duration: DURATION_S,
        rate: RATE,
      }),
    );
    row.serverCpuMsPerReq = serverCpuPerRequest(cpu0, serverCpuMs(pid), row.requests);
    row.rssAfterMb = round(Math.max(0, ...webPids(pid).map((p) => memoryOf(p)?.rssMb ?? 0)));
    row.group = t.group;
    row.kind = t.kind;
    row.avgBytes = t.probe?.avgBytes ?? null;
    if (t.kind !== "plain") row.searchLog = searchLogStats(adminId);
    log(
      `${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${row.non2xx + row.errors ? `, ${row.non2xx} non-2xx / ${row.errors} errors` : ""}`,
    );
    rows.push(row);
  }
  const healthz = rows.find((r) => r.group === "healthz");
  for (const r of rows) {
    r.ratio = healthz?.reqPerSec ? round(r.reqPerSec / healthz.reqPerSec, 3) : null;
    r.cpuRatio =
      healthz?.serverCpuMsPerReq && r.serverCpuMsPerReq
        ? round(healthz.serverCpuMsPerReq / r.serverCpuMsPerReq, 3)
        : null;
  }

  const singleRows = [];
  if (SINGLE_S > 0) {
    for (const t of selected) {
      if (!KEEP_SEARCHES) resetBenchState(admin.email, { searchesOnly: true });
      const cpu0 = serverCpuMs(pid);
      const row = summarize(
        t.name,
        await cannon(base, t.headers, t.paths, { connections: 1, duration: SINGLE_S }),
      );
      row.serverCpuMsPerReq = serverCpuPerRequest(cpu0, serverCpuMs(pid), row.requests);
      row.group = t.group;
      row.kind = t.kind;
      row.avgBytes = t.probe?.avgBytes ?? null;
      if (t.kind !== "plain") row.searchLog = searchLogStats(adminId);
      singleRows.push(row);
    }
  }
  let pages = [];
  if (PAGES_PASS && processes === 1) {
    log(`  Pages at catalogue scale (median of ${PAGE_RUNS}, after one warm-up):`);
    pages = await measureScalePages(base, cookie, samples);
  }
  const peakRssMb = round(sampler.stop());
  await stopServer({ keepData: true });
  return {
    processes,
    rows,
    singleRows,
    pages,
    memory: { afterBootMb: round(bootRss), peakPerProcessMb: peakRssMb },
  };
}

// ---------------------------------------------------------------------------
// --profile: where a request's CPU goes
// ---------------------------------------------------------------------------

/**
 * One web process under `--cpu-prof`, `path` loaded at N connections (as the admin, HTML unless
 * it is an /api path), then the profile of the web process summarised: the share of busy time by
 * package, by function, and the app's own functions with what they call.
 */
async function profile(admin, target) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "encaixa-profile-"));
  log(`Profiling ${target}: one web process, ${CONNECTIONS} connections, ${DURATION_S} s ...`);
  const base = await startServer(admin, 1, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  const pid = server.pid;
  const cookie = await login(base, admin);
  const headers = { cookie, accept: target.startsWith("/api/") ? "application/json" : "text/html" };
  if (WARMUP_S > 0)
    await cannon(base, headers, [target], { connections: CONNECTIONS, duration: WARMUP_S });
  const cpu0 = serverCpuMs(pid);
  const row = summarize(
    target,
    await cannon(base, headers, [target], { connections: CONNECTIONS, duration: DURATION_S }),
  );
  const cpuPerRequest = serverCpuPerRequest(cpu0, serverCpuMs(pid), row.requests);
  await stopServer();
  // The primary writes a profile too; the web process's is the big one.
  const files = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile"));
  const sized = await Promise.all(
    files.map(async (f) => ({ f, size: (await stat(path.join(dir, f))).size })),
  );
  const largest = sized.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error(`no profile was written in ${dir}`);
  const file = path.join(dir, largest.f);
  log(
    `${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, server CPU ${cpuPerRequest} ms per request`,
  );
  log(
    `Profile: ${file} (kept: Chrome DevTools shows it as a flame chart; it includes the process's start)\n`,
  );
  for (const line of summariseProfile(JSON.parse(readFileSync(file, "utf8")))) log(line);
}

/** Busy time (no idle) by package, by function, and inclusive for the app's own functions. */
function summariseProfile(prof, top = 25) {
  const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const selfTime = new Map();
  for (let i = 0; i < prof.samples.length; i++)
    selfTime.set(prof.samples[i], (selfTime.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const owner = ({ url, functionName }) => {
    if (!url) return `(${functionName.replace(/[()]/g, "") || "native"})`;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1];
    if (url.includes("/build/server/")) return "app (build/server)";
    if (url.startsWith("node:")) return url.split("/").slice(0, 2).join("/");
    return path.relative(ROOT, url.replace(/^file:\/\//, ""));
  };
  const label = (frame) =>
    `${frame.functionName || "(anonymous)"} ${owner(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
  const byOwner = new Map();
  const byFunction = new Map();
  const oursInclusive = new Map();
  let busy = 0;
  for (const [id, time] of selfTime) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    busy += time;
    byOwner.set(owner(frame), (byOwner.get(owner(frame)) ?? 0) + time);
    byFunction.set(label(frame), (byFunction.get(label(frame)) ?? 0) + time);
    const counted = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const f = nodes.get(at).callFrame;
      if (!f.url.includes("/build/server/")) continue;
      const name = label(f);
      if (counted.has(name)) continue;
      counted.add(name);
      oursInclusive.set(name, (oursInclusive.get(name) ?? 0) + time);
    }
  }
  const list = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, time]) => `  ${((100 * time) / busy).toFixed(1).padStart(5)} %  ${name}`);
  return [
    `Busy time ${round(busy / 1000)} ms (idle left out). By package:`,
    ...list(byOwner, top),
    "",
    "By function (self time):",
    ...list(byFunction, top),
    "",
    "The app's own functions (inclusive: with all they call):",
    ...list(oursInclusive, top),
  ];
}

async function main() {
  const startedAt = new Date();
  const load0 = os.loadavg();
  if (!PROFILE_PATH)
    log(
      `bench:search — size ${SIZE}, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target${SINGLE_S ? `, then ${SINGLE_S} s with 1 connection` : ""}, web processes ${PROCESS_COUNTS.join(" and ")}${GZIP ? ", Accept-Encoding: gzip" : ""}${RATE ? `, capped at ${RATE} req/s (ratios are then meaningless)` : ""}`,
    );
  if (load0[0] > os.cpus().length)
    log(
      `Warning: load average ${load0.map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs — the machine is busy, figures will be noisy.`,
    );

  const meta = await ensureCatalogue();
  const admin = meta.admin;
  const samples = meta.samples;
  if (
    !samples?.ownCodes?.length ||
    !samples.alternativeCodes?.length ||
    !samples.descriptionQueries?.length
  )
    throw new Error(`${DB_FILE}.json has no samples; regenerate with --regenerate`);
  const adminId = resetBenchState(admin.email);
  await ensureBuild();
  if (PROFILE_PATH) return profile(admin, PROFILE_PATH);

  // The floor: the same load against a bare node:http server, in this run.
  const floorServer = await startFloor();
  if (WARMUP_S > 0)
    await cannon(floorServer.base, {}, ["/"], { connections: CONNECTIONS, duration: WARMUP_S });
  const floor = summarize(
    "bare node:http",
    await cannon(floorServer.base, {}, ["/"], { connections: CONNECTIONS, duration: DURATION_S }),
  );
  floorServer.child.kill();
  log(`Floor (bare node:http, one process): ${floor.reqPerSec} req/s, p99 ${floor.p99Ms} ms`);

  const notes = [];
  const runs = [];
  for (const processes of PROCESS_COUNTS)
    runs.push(await measureWith(processes, { admin, adminId, samples, notes }));
  await stopServer();
  if (!KEEP_SEARCHES) resetBenchState(admin.email);

  for (const run of runs) {
    printTable(
      run.rows,
      `${run.processes} web process(es), ${CONNECTIONS} connections, ${DURATION_S} s per target (ratio = req/s ÷ /healthz of the same server)`,
    );
    if (run.singleRows.length)
      printTable(
        run.singleRows,
        `${run.processes} web process(es), one connection, ${SINGLE_S} s per target`,
      );
    log(
      `RSS per web process: ${run.memory.afterBootMb} MB after boot, peak ${run.memory.peakPerProcessMb} MB`,
    );
  }

  const one = runs.find((r) => r.processes === 1) ?? runs[0];
  const many = runs.find((r) => r.processes > 1);
  const checks = [];
  const healthzOne = one.rows.find((r) => r.group === "healthz");
  checks.push(
    verdict(
      "/healthz ÷ bare node:http (1 process each)",
      round(healthzOne.reqPerSec / floor.reqPerSec, 3),
      TARGETS.healthzFloorRatio,
      false,
      "",
    ),
  );
  for (const run of runs) {
    for (const r of run.rows) {
      const label = `${run.processes}p ${r.name}`;
      if (r.kind === "json" && r.group === "code")
        checks.push(verdict(`${label} ratio`, r.ratio, TARGETS.jsonCodeRatio, false, ""));
      if (r.kind === "html" && r.group === "code")
        checks.push(verdict(`${label} ratio`, r.ratio, TARGETS.htmlCodeRatio, false, ""));
      if (r.kind === "html" && r.group === "description")
        checks.push(verdict(`${label} ratio`, r.ratio, TARGETS.htmlDescriptionRatio, false, ""));
      if (r.group === "code")
        checks.push(verdict(`${label} p99`, r.p99Ms, TARGETS.codeP99Ms, true, " ms"));
      if (r.group === "description")
        checks.push(verdict(`${label} p99`, r.p99Ms, TARGETS.descriptionP99Ms, true, " ms"));
    }
    checks.push(
      verdict(
        `${run.processes}p RSS per web process (peak)`,
        run.memory.peakPerProcessMb,
        TARGETS.rssMb,
        true,
        " MB",
      ),
    );
  }
  for (const page of one.pages ?? [])
    checks.push(
      verdict(`page ${page.name} holds its process`, page.holdMs, TARGETS.pageHoldMs, true, " ms"),
    );
  if (many) {
    // The reference pages have no target, scaling included.
    for (const r of many.rows.filter((row) => row.group !== "reference")) {
      const base = one.rows.find((x) => x.name === r.name);
      if (base?.reqPerSec)
        checks.push(
          verdict(
            `${many.processes}p ÷ 1p ${r.name} req/s`,
            round(r.reqPerSec / base.reqPerSec, 2),
            TARGETS.scaling,
            false,
            "×",
          ),
        );
    }
  }
  log(`\nTargets (${CONNECTIONS} connections):`);
  for (const c of checks) log(`  ${c.status.padEnd(4)}  ${c.label}: ${c.detail}`);
  for (const run of runs) {
    const references = run.rows.filter((r) => r.group === "reference");
    if (references.length === 0) continue;
    log(
      `  ref.  ${run.processes}p pages before any search, ratio to /healthz: ${references.map((r) => `${r.name.replace(" (ref.)", "")} ${r.ratio}`).join("; ")} (the search page targets are ${TARGETS.htmlCodeRatio} / ${TARGETS.htmlDescriptionRatio})`,
    );
  }
  for (const n of notes) log(`Note: ${n}`);

  const out = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    size: SIZE,
    catalogue: {
      file: path.relative(ROOT, DB_FILE),
      counts: meta.counts,
      fileBytes: meta.fileBytes,
    },
    settings: {
      rate: RATE,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      singleS: SINGLE_S,
      gzip: GZIP,
      processes: PROCESS_COUNTS,
    },
    targets: TARGETS,
    floor,
    runs,
    checks,
    notes,
    host: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      totalMemGb: round(os.totalmem() / 1024 ** 3),
      loadavgStart: load0,
      loadavgEnd: os.loadavg(),
      node: process.version,
    },
  };
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
  log(`\nResults: ${path.relative(ROOT, RESULTS_FILE)}`);
}

main().catch(async (error) => {
  console.error(`\nbench:search crashed: ${error?.stack ?? error}`);
  if (serverLog.length && !VERBOSE) console.error(`Last server output:\n${serverLog.join("\n")}`);
  await stopServer();
  process.exit(1);
});
