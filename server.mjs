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

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
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
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
