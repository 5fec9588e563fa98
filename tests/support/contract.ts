import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildOpenApiDocument, type OpenApiDocument } from "~/api/openapi.server";

/**
 * Every /api answer a test sees, checked against the OpenAPI document (ADR 0052): call() and
 * productionHandler() pass theirs here. The operation is found by method and concrete path (a
 * literal segment beats a `{param}`); its status must be documented and a JSON body must validate
 * against the documented schema (ajv, JSON Schema 2020-12). An operation not described yet is not
 * checked here: tests/unit/openapi-contract.test.ts is what demands that every route is described.
 */

type Json = Record<string, unknown>;

let document: OpenApiDocument | null = null;
let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

function contract(): { document: OpenApiDocument; ajv: Ajv2020 } {
  if (!document || !ajv) {
    document = buildOpenApiDocument();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The components, under an id of their own: a response schema's "#/components/…" refs point there.
    ajv.addSchema(
      JSON.parse(
        JSON.stringify({
          $id: "openapi:components",
          $defs: document.components.schemas,
        }).replaceAll('"#/components/schemas/', '"#/$defs/'),
      ) as Record<string, unknown>,
    );
  }
  return { document, ajv };
}

/** The document's path template that best matches a concrete path: literal segments first. */
export function matchPath(templates: Iterable<string>, path: string): string | null {
  const segments = path.split("/");
  let best: { template: string; score: string } | null = null;
  for (const template of templates) {
    const parts = template.split("/");
    if (parts.length !== segments.length) continue;
    let score = "";
    let matches = true;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (/^\{[^}]+\}$/.test(part)) {
        if (segments[i] === "") matches = false;
        score += "0";
      } else if (part === segments[i]) score += "1";
      else matches = false;
      if (!matches) break;
    }
    if (matches && (!best || score > best.score)) best = { template, score };
  }
  return best?.template ?? null;
}

function resolve(node: Json, document: OpenApiDocument): Json {
  const ref = node.$ref;
  if (typeof ref !== "string") return node;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
  const target = (document.components as Record<string, Record<string, Json>>)[section]?.[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolve(target, document);
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  const { ajv } = contract();
  let validate = validators.get(key);
  if (!validate) {
    const rewritten = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi:components#/$defs/'),
    ) as Json;
    validate = ajv.compile(rewritten);
    validators.set(key, validate);
  }
  return validate;
}

const mediaTypeOf = (response: Response) =>
  (response.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();

/** What is wrong with this answer by the document, or null (nothing, or nothing described to check). */
export async function contractProblem(
  method: string,
  url: string,
  response: Response,
): Promise<string | null> {
  const { pathname } = new URL(url, "http://localhost");
  if (!pathname.startsWith("/api/")) return null;
  // Remix's own answer, before the edge puts it in the envelope (productionHandler has no edge).
  if (response.headers.has("X-Remix-Error") || response.headers.has("X-Remix-Router-Error"))
    return null;
  const { document } = contract();
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const template = matchPath(Object.keys(document.paths), pathname);
  if (!template) return null;
  const item = document.paths[template];
  const name = `${method.toUpperCase()} ${pathname} (${template})`;
  let responseSpec: Json | undefined;
  if (item[verb]) {
    const responses = item[verb].responses as Record<string, Json>;
    const spec = responses[String(response.status)];
    if (!spec)
      return `${name} answered ${response.status}, which the OpenAPI document does not list (it lists ${Object.keys(responses).join(", ")})`;
    responseSpec = resolve(spec, document);
  } else {
    // A method the path does not serve: 405 in the envelope, as the document's introduction says.
    if (response.status !== 405) return null;
    responseSpec = resolve({ $ref: "#/components/responses/MethodNotAllowed" }, document);
  }
  if (verb === "get" && method.toLowerCase() === "head") return null;
  const content = responseSpec.content as Record<string, Json> | undefined;
  const mediaType = mediaTypeOf(response);
  const isJson = mediaType === "application/json" || mediaType.endsWith("+json");
  if (!content) {
    const text = await response.clone().text();
    return text === "" || !isJson
      ? null
      : `${name} answered ${response.status} with a JSON body the document does not describe`;
  }
  const documented = Object.keys(content);
  const entry =
    content[mediaType] ??
    (isJson ? Object.entries(content).find(([type]) => type.endsWith("json"))?.[1] : undefined);
  if (!entry)
    return `${name} answered ${response.status} as ${mediaType || "(no Content-Type)"}; the document says ${documented.join(", ")}`;
  if (!isJson || !entry.schema) return null;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return `${name} answered ${response.status} with a body that is not JSON`;
  }
  const validate = validatorFor(
    `${verb} ${template} ${response.status} ${mediaType}`,
    entry.schema as Json,
  );
  if (validate(body)) return null;
  const problems = (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (error) =>
        `  ${error.instancePath || "(body)"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
    )
    .join("\n");
  const shown = JSON.stringify(body).slice(0, 600);
  return `${name} answered ${response.status} with a body that does not match the OpenAPI document:\n${problems}\nbody: ${shown}`;
}

/** Throws, with a readable message, when the answer does not match the document. */
export async function checkAgainstContract(
  method: string,
  url: string,
  response: Response,
): Promise<void> {
  const problem = await contractProblem(method, url, response);
  if (problem) throw new Error(`OpenAPI contract: ${problem}`);
}
