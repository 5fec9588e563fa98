// One web process as server.mjs runs it (runWebProcess), over the server build assembled from the
// real route manifest: started by tests/support/web-process.ts, against the test file's database.
import compression from "compression";
import express from "express";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import * as entryServer from "~/entry.server";
import { routeManifest, serverBuild } from "./route-manifest";

const entry = entryServer as unknown as ServerBuild["entry"]["module"] & typeof entryServer;
const build = await serverBuild(await routeManifest(), entry);
const securityHeaders = Object.entries(entryServer.everyResponseHeaders());

const app = express();
app.disable("x-powered-by");
app.set("query parser", false);
app.use((_req, res, next) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  next();
});
app.use(compression());
app.use((_req, res, next) => {
  res.on("finish", () => entryServer.countResponse(res.statusCode));
  next();
});
app.use((req, res, next) => {
  const refusal = entryServer.foreignOriginRefusal(req.method, req.path, (name) => req.get(name));
  if (!refusal) return next();
  res.status(refusal.status).type("text/plain; charset=utf-8").send(refusal.message);
});
app.use(
  entryServer.createEdgeHandler({
    build,
    mode: "production",
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
  }),
);

const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  // The parent reads this one line to learn where the process serves.
  process.stdout.write(`listening ${port}\n`);
});

function shutdown() {
  entryServer.flushRequestCounts();
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
