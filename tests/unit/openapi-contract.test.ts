import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, pathNames } from "~/api/openapi.server";
import { isRule, METHODS, ruleFor, type Access, type Rule } from "~/server/access";
import { contractProblem, matchPath } from "../support/contract";
import { loadRouteModule, routeManifest } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * The OpenAPI contract (ADR 0052): the document is valid OpenAPI 3.1, every schema in it compiles
 * as JSON Schema 2020-12, and it describes exactly the /api routes of the route manifest, each
 * method with the access its route declares. A new endpoint without a description fails here.
 */

type Json = Record<string, unknown>;
const document = buildOpenApiDocument();
const VERBS = ["get", "post", "put", "patch", "delete"] as const;

/** `/api/parts/:id` → `/api/parts/{id}`. */
const template = (fullPath: string) => fullPath.replace(/:([^/]+)/g, "{$1}");

/** Every (method, path) the manifest serves under /api, with the rule its route declares. */
async function manifestOperations(): Promise<Map<string, Rule>> {
  const operations = new Map<string, Rule>();
  for (const route of await routeManifest()) {
    if (!route.fullPath.startsWith("/api/") || route.fullPath.endsWith("*")) continue;
    const module = await loadRouteModule(route.file);
    const access = (module as { access?: Access }).access;
    if (!access) throw new Error(`${route.file} declares no access`);
    const methods = isRule(access)
      ? [...(module.loader ? ["GET"] : []), ...(module.action ? ["POST"] : [])]
      : METHODS.filter((method) => method in access);
    for (const method of methods)
      operations.set(`${method} ${template(route.fullPath)}`, ruleFor(access, method)!);
  }
  return operations;
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    VERBS.filter((verb) => item[verb]).map((verb) => ({ path, verb, operation: item[verb] })),
  );

/** The security an access rule implies: none when public, the two bearer schemes otherwise. */
const securityOf = (rule: Rule) =>
  rule === "public" ? [] : [{ sessionToken: [] }, { apiKey: [] }];

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.openapi).toBe("3.1.0");
  });

  it("has every reference resolved and every schema compiling as JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(
      JSON.parse(
        JSON.stringify({
          $id: "openapi:components",
          $defs: document.components.schemas,
        }).replaceAll('"#/components/schemas/', '"#/$defs/'),
      ) as Record<string, unknown>,
    );
    const unresolved: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`));
      if (typeof node !== "object" || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value) ?? [];
          const components = document.components as Record<string, Json>;
          if (!section || !components[section]?.[name]) unresolved.push(`${where}: ${value}`);
        } else if (key === "schema" && typeof value === "object") {
          const rewritten = JSON.parse(
            JSON.stringify(value).replaceAll(
              '"#/components/schemas/',
              '"openapi:components#/$defs/',
            ),
          ) as Json;
          expect(() => ajv.compile(rewritten), `${where}/schema`).not.toThrow();
          walk(value, `${where}/${key}`);
        } else walk(value, `${where}/${key}`);
      }
    };
    walk(document, "#");
    expect(unresolved).toEqual([]);
  });

  it("declares every path parameter of every operation, each once", () => {
    for (const { path, verb, operation } of operations()) {
      const declared = ((operation.parameters ?? []) as Json[])
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => parameter.name);
      expect(declared, `${verb} ${path}`).toEqual(pathNames(path));
    }
  });

  it("describes exactly the /api routes of the manifest, each with the access its route declares", async () => {
    const served = await manifestOperations();
    const described = new Map(
      operations().map(({ path, verb, operation }) => [`${verb.toUpperCase()} ${path}`, operation]),
    );
    const undescribed = [...served.keys()].filter((key) => !described.has(key));
    const unserved = [...described.keys()].filter((key) => !served.has(key));
    expect(undescribed, "routes with no description in app/api/contract").toEqual([]);
    expect(unserved, "descriptions of routes the app does not serve").toEqual([]);
    for (const [key, operation] of described)
      expect(operation.security, `${key}: its security, from the route's access`).toEqual(
        securityOf(served.get(key)!),
      );
  });

  it("gives every operation a pt-BR summary, a tag and a unique operationId", () => {
    const ids = new Set<string>();
    for (const { path, verb, operation } of operations()) {
      expect(operation.summary, `${verb} ${path}`).toMatch(/\S/);
      expect(operation.tags, `${verb} ${path}`).toHaveLength(1);
      const id = operation.operationId as string;
      expect(ids.has(id), `${id} twice`).toBe(false);
      ids.add(id);
    }
  });

  it("adds the common refusals an operation's shape implies", () => {
    for (const { path, verb, operation } of operations()) {
      const responses = operation.responses as Record<string, unknown>;
      const secured = (operation.security as unknown[]).length > 0;
      const where = `${verb} ${path}`;
      if (secured)
        expect(Object.keys(responses), where).toEqual(
          expect.arrayContaining(["401", "403", "429"]),
        );
      if (pathNames(path).length > 0) expect(responses, where).toHaveProperty("404");
      if (verb === "post" || verb === "patch") {
        expect(responses, where).toHaveProperty("400");
        expect(responses, where).toHaveProperty("409");
        expect(responses, where).toHaveProperty("422");
        expect(operation.parameters, where).toContainEqual({
          $ref: "#/components/parameters/IdempotencyKey",
        });
      }
      const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      if (body?.["application/json"]) {
        expect(responses, where).toHaveProperty("413");
        expect(responses, where).toHaveProperty("415");
      }
    }
  });
});

describe("the answers checked against the document", () => {
  it("picks the operation whose literal segments match first", () => {
    const templates = ["/api/parts/{id}", "/api/parts/search", "/api/parts/{id}/vehicles"];
    expect(matchPath(templates, "/api/parts/search")).toBe("/api/parts/search");
    expect(matchPath(templates, "/api/parts/12")).toBe("/api/parts/{id}");
    expect(matchPath(templates, "/api/parts/12/vehicles")).toBe("/api/parts/{id}/vehicles");
    expect(matchPath(templates, "/api/parts")).toBeNull();
  });

  it("refuses an undocumented status and a body that does not match, with a readable message", async () => {
    const wrongStatus = Response.json({ success: true, data: null, message: "x" }, { status: 418 });
    expect(await contractProblem("GET", "/api/ping", wrongStatus)).toMatch(
      /GET \/api\/ping .* answered 418, which the OpenAPI document does not list/,
    );
    const wrongBody = Response.json({ success: true, data: { status: "ok" }, message: "pong" });
    expect(await contractProblem("GET", "/api/ping", wrongBody)).toMatch(
      /does not match the OpenAPI document:\n.*\/data must have required property 'time'/,
    );
    const wrongMethod = Response.json(
      { success: false, data: null, message: "x" },
      { status: 405 },
    );
    expect(await contractProblem("DELETE", "/api/ping", wrongMethod)).toBeNull();
  });

  it("passes the real answers of the described site routes", async () => {
    const { loader: ping } = await import("~/routes/site/api.ping");
    const { loader: overview } = await import("~/routes/site/api.public.overview");
    const { loader: seo } = await import("~/routes/site/api.public.seo");
    const { loader: openapi } = await import("~/routes/site/api.openapi[.]json");
    const { loader: docs } = await import("~/routes/site/api.docs");
    // call() checks each answer against the document itself.
    expect((await call(ping, "/api/ping")).status).toBe(200);
    expect((await call(overview, "/api/public/overview")).status).toBe(200);
    expect((await call(seo, "/api/public/seo")).status).toBe(200);
    const served = await call(openapi, "/api/openapi.json");
    expect(served.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await served.json()).toEqual(JSON.parse(JSON.stringify(document)));
    const page = await call(docs, "/api/docs");
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});
