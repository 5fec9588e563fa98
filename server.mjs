// Production server: express with compression and quiet logs, serving the Remix build — one web
// process per core (WEB_CONCURRENCY), all on the one SQLite file (docs/decisions/0024-process-model.md).
import compression from "compression";
import express from "express";
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
/** V8's young generation per semi-space, in MB (ADR 0024 has the measurements). */
const YOUNG_SEMI_SPACE_MB = 16;
const processes = webConcurrency();

if (cluster.isPrimary) await runPrimary(processes);
else await runWebProcess();

/** WEB_CONCURRENCY, else one web process per core. */
function webConcurrency() {
  const asked = Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10);
  if (Number.isInteger(asked) && asked > 0) return Math.min(asked, 64);
  return os.availableParallelism();
}

/**
 * The primary serves nothing itself (with one web process too: it sets the heap limit and starts
 * again a process that dies). It starts the job process first (it migrates and seeds the
 * database, runs the recurring jobs, resumes imports and keeps the in-memory payment simulators),
 * then the other web processes, and starts again any that dies.
 */
async function runPrimary(count) {
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...heapFlags()] });
  const internalPort = count > 1 ? await freePort() : 0;
  let stopping = false;
  let exitCode = 0;
  const roles = new Map();
  const fork = (role) => {
    const worker = cluster.fork({
      // glibc's malloc keeps an arena per thread; libvips' threads (search by photo) left each
      // process at ~600 MB of RSS after a burst of 40 MP photos, ~320 MB with two (ADR 0026).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      ENCAIXA_JOB_PROCESS: role === "jobs" ? "true" : "false",
      ...(internalPort === 0
        ? {}
        : role === "jobs"
          ? { ENCAIXA_INTERNAL_PORT: String(internalPort) }
          : { ENCAIXA_SIMULATOR_OWNER: `http://127.0.0.1:${internalPort}` }),
    });
    roles.set(worker.id, role);
    return worker;
  };
  const serving = new Set();
  cluster.on("listening", (worker) => serving.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    const role = roles.get(worker.id);
    roles.delete(worker.id);
    if (stopping) {
      if (roles.size === 0) process.exit(exitCode);
      return;
    }
    // One that never got to serve (a refused configuration, a bad build) would fail again.
    if (!serving.delete(worker.id)) {
      console.error(`Processo web ${worker.process.pid} não iniciou (${signal ?? code}).`);
      stopping = true;
      exitCode = code || 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      setTimeout(() => process.exit(exitCode), 5000).unref();
      if (roles.size === 0) process.exit(exitCode);
      return;
    }
    console.error(`Processo web ${worker.process.pid} terminou (${signal ?? code}); reiniciando.`);
    if (role) fork(role);
  });
  const jobs = fork("jobs");
  // The others start once it has migrated and seeded the database; if it fails, "exit" above ends all.
  await new Promise((resolve) => jobs.once("listening", resolve));
  for (let i = 1; i < count; i++) fork("web");
  console.log(
    `Encaixa em http://localhost:${process.env.PORT ?? 3000} (${count} ${count === 1 ? "processo web" : "processos web; um roda as tarefas"})`,
  );

  const shutdown = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(exitCode), 8000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/**
 * Each web process's V8 heap limits: the old generation (WEB_HEAP_MB, default 128) — V8 grows its
 * heap lazily under load and a process would sit at 300–400 MB — and the young generation's
 * semi-space; together they hold the whole benchmark mix under 250 MB of RSS (ADR 0024 has the
 * trade-off). A limit given in NODE_OPTIONS or on the command line wins.
 */
function heapFlags() {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  const flags = [];
  if (!given.some((arg) => arg.startsWith("--max-old-space-size")))
    flags.push(`--max-old-space-size=${Number(process.env.WEB_HEAP_MB) || 128}`);
  if (!given.some((arg) => arg.startsWith("--max-semi-space-size")))
    flags.push(`--max-semi-space-size=${YOUNG_SEMI_SPACE_MB}`);
  return flags;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function runWebProcess() {
  const buildDir = path.resolve(root, process.env.ENCAIXA_BUILD_DIR ?? "build");
  const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

  try {
    await build.entry.module.boot();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Every answer — HTML, /api JSON, single-fetch .data, files — carries the security headers; HTML
  // adds its own Content-Security-Policy in entry.server (docs/decisions/0015-csrf-and-headers.md).
  const securityHeaders = Object.entries(build.entry.module.everyResponseHeaders());

  const app = express();
  app.disable("x-powered-by");
  // Remix reads the URL itself; Express would parse every query string (qs) into req.query.
  app.set("query parser", false);
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
  app.use((_req, res, next) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    next();
  });

  // The payment simulators keep their state in memory, in the job process: the others pass their
  // requests on to it, so a checkout started on one process is paid on the same simulator.
  const simulatorOwner = process.env.ENCAIXA_SIMULATOR_OWNER;
  if (simulatorOwner) app.use(["/mp-sim", "/paghiper-sim"], forwardTo(simulatorOwner));

  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
  );
  // The few files at the top of build/client (favicon, robots…): a set read once, so a page
  // request does not stat the disk on its way to Remix.
  const clientDir = path.join(buildDir, "client");
  const topFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serveTopFile = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (topFiles.has(req.path) ? serveTopFile(req, res, next) : next()));

  if (process.env.LOG_REQUESTS === "true") {
    app.use((req, res, next) => {
      const started = performance.now();
      res.on("finish", () =>
        console.log(
          `${req.method} ${req.originalUrl} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
        ),
      );
      next();
    });
  }

  // Answers past the static files count towards the dashboard's error rate (per hour, in the DB).
  app.use((_req, res, next) => {
    res.on("finish", () => build.entry.module.countResponse(res.statusCode));
    next();
  });

  // Remix throws (a bare 500) on a page write whose Origin is not this host; answer it ourselves.
  app.use((req, res, next) => {
    const refusal = build.entry.module.foreignOriginRefusal(req.method, req.path, (name) =>
      req.get(name),
    );
    if (!refusal) return next();
    res.status(refusal.status).type("text/plain; charset=utf-8").send(refusal.message);
  });

  // Remix behind the HTTP edge: bounded bodies, the /api envelope and no-store (ADR 0031). `use`,
  // not `all("*")`: Express would decode the path as a parameter and answer a bad one in HTML.
  app.use(
    build.entry.module.createEdgeHandler({
      build,
      mode: process.env.NODE_ENV ?? "production",
      getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
    }),
  );

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const servers = [app.listen(port, host)];
  const internalPort = Number(process.env.ENCAIXA_INTERNAL_PORT ?? 0);
  if (internalPort) servers.push(app.listen(internalPort, "127.0.0.1"));

  function shutdown() {
    build.entry.module.flushRequestCounts();
    let open = servers.length;
    for (const server of servers) server.close(() => --open === 0 && process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/** Passes a request on, as it came (method, path, headers, body), and its answer back. */
function forwardTo(origin) {
  const target = new URL(origin);
  return (req, res) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.status(502).type("text/plain; charset=utf-8");
      res.end("Simulador indisponível");
    });
    req.pipe(upstream);
  };
}
