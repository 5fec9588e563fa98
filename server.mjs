// Production server: express with compression and quiet logs, serving the Remix build.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.ENCAIXA_BUILD_DIR ?? "build");
const buildPath = path.join(buildDir, "server/index.js");
const build = await import(pathToFileURL(buildPath).href);

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
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
app.use((_req, res, next) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  next();
});
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));

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

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? "production",
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Encaixa em http://localhost:${port}`);
});

function shutdown() {
  build.entry.module.flushRequestCounts();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
