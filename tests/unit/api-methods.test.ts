import express from "express";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entryServer from "~/entry.server";
import * as messages from "~/messages";
import { isRule, METHODS, ruleFor, type Access } from "~/server/access";
import { allowedMethods } from "~/server/api-methods.server";
import { createEdgeHandler } from "~/server/http-edge.server";
import { createUser, sessionHeaders } from "../support/factories";
import {
  loadRouteModule,
  productionHandler,
  routeManifest,
  serverBuild,
} from "../support/route-manifest";

/**
 * Every method an /api resource does not declare is a 405 in the envelope, with `Allow` naming
 * the ones it does (ADR 0054): walked over the route manifest, through the production handler
 * (Remix and the real entry.server), and through the HTTP edge for a few.
 */

const manifest = await routeManifest();
const apiRoutes = await Promise.all(
  manifest
    .filter((route) => route.fullPath.startsWith("/api/"))
    .map(async (route) => ({
      ...route,
      access: ((await loadRouteModule(route.file)) as { access?: Access }).access,
    })),
);
/** The resources that declare their methods one by one (the catch-all `api.$` answers 404 to all). */
const resources = apiRoutes.filter(
  (route): route is typeof route & { access: Access } =>
    route.access !== undefined && !isRule(route.access),
);
const urlOf = (fullPath: string) => fullPath.replace(/:[^/]+/g, "999999");

const errors: unknown[] = [];
const handle = await productionHandler({ onError: (error) => errors.push(error) });
let admin: Record<string, string>;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin" });
  admin = await sessionHeaders(user, "api");
});

const send = (path: string, method: string, headers: Record<string, string> = {}) =>
  handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { Host: "localhost", ...admin, "Content-Type": "application/json", ...headers },
      body: method === "GET" || method === "HEAD" || method === "OPTIONS" ? undefined : "{}",
    }),
  );

const cells = resources.flatMap((route) =>
  METHODS.filter((method) => ruleFor(route.access, method) === undefined).map(
    (method) => [`${method} ${route.fullPath}`, route, method] as const,
  ),
);

describe("a method a resource does not declare (production handler)", () => {
  it("the manifest has resources and undeclared methods to walk", () => {
    expect(resources.length).toBeGreaterThan(50);
    expect(cells.length).toBeGreaterThan(150);
    expect(resources.map((route) => route.fullPath)).toContain("/api/ping");
  });

  it.each(cells)("%s → 405 in the envelope with Allow", async (_name, route, method) => {
    const answer = await send(urlOf(route.fullPath), method);
    expect(answer.status).toBe(405);
    expect(await answer.json()).toEqual({
      success: false,
      data: null,
      message: messages.api.methodNotAllowed,
    });
    expect(answer.headers.get("Allow")).toBe(allowedMethods(route.access).join(", "));
  });

  it("no 405 is reported as a server error", () => {
    expect(errors).toEqual([]);
  });

  it("DELETE /api/ping, the issue's case: 405, not 'Unexpected Server Error'", async () => {
    const answer = await send("/api/ping", "DELETE");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect((await answer.json()).message).toBe("Método não permitido");
  });
});

describe("a resource outside /api that only reads", () => {
  const readOnlyPaths = manifest
    .filter((route) => !route.fullPath.startsWith("/api/") && !route.fullPath.includes("*"))
    .map((route) => route.fullPath);

  it.each(["/robots.txt", "/sitemap.xml", "/favicon.svg", "/healthz"])(
    "POST, PUT and DELETE %s → 405 in pt-BR with Allow: GET, HEAD, never a server error",
    async (path) => {
      expect(readOnlyPaths).toContain(path);
      for (const method of ["POST", "PUT", "DELETE"]) {
        const answer = await send(path, method, { "Content-Type": "text/plain" });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("Allow")).toBe("GET, HEAD");
        expect(await answer.text()).toBe(messages.api.methodNotAllowed);
      }
      expect((await send(path, "GET")).status).toBe(200);
      expect(errors).toEqual([]);
    },
  );
});

describe("HEAD and OPTIONS", () => {
  it("HEAD is a GET without the body where GET is declared, a 405 where it is not", async () => {
    const ping = await send("/api/ping", "HEAD");
    expect(ping.status).toBe(200);
    expect(await ping.text()).toBe("");
    const login = await send("/api/auth/login", "HEAD");
    expect(login.status).toBe(405);
    expect(login.headers.get("Allow")).toBe("POST, OPTIONS");
  });

  it("OPTIONS answers 204 with Allow and runs nothing (no CORS headers)", async () => {
    for (const route of resources) {
      const answer = await send(urlOf(route.fullPath), "OPTIONS");
      expect(answer.status, route.fullPath).toBe(204);
      expect(answer.headers.get("Allow"), route.fullPath).toBe(
        allowedMethods(route.access).join(", "),
      );
      expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(await answer.text()).toBe("");
    }
  });

  it("a declared method still reaches the route: GET /api/ping answers pong", async () => {
    const answer = await send("/api/ping", "GET");
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toBe(messages.api.pong);
  });
});

describe("through the HTTP edge", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const build = await serverBuild(
      manifest,
      entryServer as unknown as ServerBuild["entry"]["module"],
    );
    const app = express();
    app.set("query parser", false);
    app.use(createEdgeHandler({ build, mode: "production" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ["DELETE", "/api/ping", "GET, HEAD, OPTIONS"],
    ["PUT", "/api/parts/search", "GET, HEAD, OPTIONS"],
    ["GET", "/api/auth/login", "POST, OPTIONS"],
    ["PATCH", "/api/customers/1", "GET, HEAD, PUT, DELETE, OPTIONS"],
    ["POST", "/api/payments/1", "GET, HEAD, PATCH, OPTIONS"],
  ])("%s %s → 405, Allow: %s, never stored", async (method, path, allow) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { ...admin, "Content-Type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe(allow);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({
      success: false,
      data: null,
      message: messages.api.methodNotAllowed,
    });
  });

  it("OPTIONS through the edge: 204 with Allow", async () => {
    const answer = await fetch(`${base}/api/customers`, { method: "OPTIONS" });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
  });
});
