import { z } from "zod";
import { endpoints as describedEndpoints } from "./contract";
import * as messages from "~/messages";
import type { AnswerSpec, Endpoint } from "./contract/endpoint";
import { SchemaConverter } from "./json-schema.server";
import {
  components,
  envelopeSchema,
  ERROR_ENVELOPE,
  JSON_MEDIA,
  header,
  type Json,
  type OpenApiDocument,
} from "./openapi-components.server";

export type { OpenApiDocument };

const texts = messages.contractDocument;
const refusalTexts = texts.refusals;

/**
 * The OpenAPI 3.1 document of /api (ADR 0052), built from the endpoint descriptions of
 * app/api/contract: their zod schemas become JSON Schema 2020-12 (zod 4's `z.toJSONSchema`, "input"
 * for what a client sends, "output" for what it gets back), and every operation gains the common
 * refusals its shape implies (a body: 400/413/415; a path id: 404; not public: 401/403/429; a
 * POST or PATCH: Idempotency-Key, 409/422; a metered search: the RateLimit headers and 402).
 */

const SECURITY = [{ sessionToken: [] }, { apiKey: [] }];
const WRITES = new Set(["post", "patch"]);

/** The data of a 402: how many searches are left (0) and when the day's credits come back. */
const creditsExhaustedSchema = z.object({
  remaining_searches: z.int(),
  resets_at: z.iso.datetime({ offset: true }),
});

/** `/api/parts/{id}` → `["id"]`. */
export function pathNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

/** A stable, readable operationId: `get /api/parts/{id}` → `getApiPartsById`. */
function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith("{") ? `by-${segment.slice(1, -1)}` : segment))
    .join("-")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join("");
}

function accessText(access: Endpoint["access"]): string {
  if (access === "public") return refusalTexts.anyone;
  if (access === "signed-in") return refusalTexts.signedIn;
  return access.join(", ");
}

type Builder = { converter: SchemaConverter; document: OpenApiDocument };

function answerResponse(
  { converter }: Builder,
  endpoint: Endpoint,
  status: number,
  answer: AnswerSpec,
): Json {
  const response: Json = { description: answer.description };
  const headers: Record<string, Json> = {};
  if (status >= 300 && status < 400)
    headers.Location = { description: texts.headers.location, schema: { type: "string" } };
  const success = status >= 200 && status < 300;
  if (status === 429 || status === 402) headers["Retry-After"] = header("RetryAfter");
  // Answers to an API key carry its rate, a metered search its credits.
  const limited = endpoint.metered || endpoint.access !== "public";
  if ((limited && success) || status === 429 || status === 402) {
    headers.RateLimit = header("RateLimit");
    headers["RateLimit-Policy"] = header("RateLimitPolicy");
  }
  if (success && WRITES.has(endpoint.method))
    headers["Idempotent-Replayed"] = header("IdempotentReplayed");
  if (Object.keys(headers).length > 0) response.headers = headers;
  if (answer.mediaType) {
    // Not the envelope: a document of its own (JSON), a text (CSV, HTML) or a file (PDF).
    const schema = /json$/.test(answer.mediaType)
      ? { type: "object" }
      : /^text\/|csv|xml/.test(answer.mediaType)
        ? { type: "string" }
        : { type: "string", contentMediaType: answer.mediaType };
    response.content = { [answer.mediaType]: { schema } };
    return response;
  }
  if (status >= 300 && status < 400) return response;
  const dataSchema =
    answer.data ?? (status === 402 && endpoint.metered ? creditsExhaustedSchema : undefined);
  const data = dataSchema ? converter.convert(dataSchema, "output") : null;
  const extra = answer.extra ? converter.convert(answer.extra, "output") : undefined;
  const schema =
    status >= 400 && !data && !extra
      ? { $ref: ERROR_ENVELOPE }
      : envelopeSchema(status < 400, data, extra);
  response.content = {
    [JSON_MEDIA]: {
      schema,
      ...(answer.example === undefined ? {} : { examples: { exemplo: { value: answer.example } } }),
    },
  };
  return response;
}

/** The refusals an operation's shape implies, by status: the component each one refers to. */
function commonRefusals(endpoint: Endpoint): Map<number, string> {
  const refusals = new Map<number, string>();
  const hasPath = pathNames(endpoint.path).length > 0;
  const sendsJson = endpoint.body !== undefined;
  const sendsFile = endpoint.multipart !== undefined;
  // A write may also send a malformed Idempotency-Key.
  if (endpoint.body || endpoint.query || hasPath || sendsFile || WRITES.has(endpoint.method))
    refusals.set(400, "BadRequest");
  if (endpoint.access !== "public") {
    refusals.set(401, "Unauthorized");
    refusals.set(403, "Forbidden");
  }
  if (endpoint.metered) refusals.set(402, "");
  if (hasPath) refusals.set(404, "NotFound");
  if (WRITES.has(endpoint.method)) {
    refusals.set(409, "IdempotencyInProgress");
    refusals.set(422, "IdempotencyMismatch");
  }
  if (sendsJson || sendsFile) {
    refusals.set(413, "PayloadTooLarge");
    refusals.set(415, "UnsupportedMediaType");
  }
  if (endpoint.access !== "public" || endpoint.metered) refusals.set(429, "TooManyRequests");
  return refusals;
}

function parameters(builder: Builder, endpoint: Endpoint): Json[] {
  const list: Json[] = [];
  const names = pathNames(endpoint.path);
  const params = endpoint.params ? builder.converter.convert(endpoint.params, "input") : null;
  const paramProps = (params?.properties ?? {}) as Record<string, Json>;
  const unknown = Object.keys(paramProps).filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new Error(
      `${endpoint.method.toUpperCase()} ${endpoint.path}: params ${unknown.join(", ")} are not in the path`,
    );
  for (const name of names) {
    const schema = { ...(paramProps[name] ?? { type: "string" }) };
    const description = schema.description;
    delete schema.description;
    list.push({
      name,
      in: "path",
      required: true,
      ...(description ? { description } : {}),
      schema,
    });
  }
  if (endpoint.query) {
    const query = builder.converter.convert(endpoint.query, "input");
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, property] of Object.entries(
      (query.properties ?? {}) as Record<string, Json>,
    )) {
      const schema = { ...property };
      const description = schema.description;
      delete schema.description;
      list.push({
        name,
        in: "query",
        required: required.has(name),
        ...(description ? { description } : {}),
        schema,
      });
    }
  }
  if (WRITES.has(endpoint.method)) list.push({ $ref: "#/components/parameters/IdempotencyKey" });
  return list;
}

function requestBody(builder: Builder, endpoint: Endpoint): Json | undefined {
  const examples =
    endpoint.bodyExample === undefined
      ? {}
      : { examples: { exemplo: { value: endpoint.bodyExample } } };
  if (endpoint.body)
    return {
      required: true,
      content: {
        [JSON_MEDIA]: { schema: builder.converter.convert(endpoint.body, "input"), ...examples },
      },
    };
  if (endpoint.multipart)
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: builder.converter.convert(endpoint.multipart, "input"),
        },
      },
    };
  return undefined;
}

function operation(builder: Builder, endpoint: Endpoint): Json {
  const responses: Record<string, Json> = {};
  const statuses = new Set([
    ...Object.keys(endpoint.answers).map(Number),
    ...commonRefusals(endpoint).keys(),
  ]);
  const refusals = commonRefusals(endpoint);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const own = endpoint.answers[status];
    const common = refusals.get(status);
    if (own) {
      const response = answerResponse(builder, endpoint, status, own);
      const commonText = common ? builder.document.components.responses[common]?.description : null;
      if (commonText && commonText !== own.description)
        response.description = `${own.description} ${refusalTexts.alsoCommon} ${String(commonText)}`;
      responses[status] = response;
    } else if (status === 402) {
      responses[status] = answerResponse(builder, endpoint, 402, {
        description: refusalTexts.paymentRequired.description,
        example: {
          success: false,
          data: { remaining_searches: 0, resets_at: "2026-01-16T03:00:00.000Z" },
          message: refusalTexts.paymentRequired.message,
        },
      });
    } else if (common) {
      responses[status] = { $ref: `#/components/responses/${common}` };
    }
  }
  const access = `**${refusalTexts.access}** ${accessText(endpoint.access)}.`;
  const body = requestBody(builder, endpoint);
  const params = parameters(builder, endpoint);
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description ? `${endpoint.description}\n\n${access}` : access,
    operationId: operationId(endpoint.method, endpoint.path),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: endpoint.access === "public" ? [] : SECURITY,
  };
}

/** The document of these endpoints (every described one, by default). */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[] = describedEndpoints,
): OpenApiDocument {
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { ...texts.info },
    servers: [{ url: "/" }],
    tags: [],
    paths: {},
    components: components(),
  };
  const builder: Builder = {
    converter: new SchemaConverter(document.components.schemas),
    document,
  };
  const tags: string[] = [];
  for (const endpoint of endpoints) {
    const item = (document.paths[endpoint.path] ??= {});
    if (item[endpoint.method])
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is described twice`);
    item[endpoint.method] = operation(builder, endpoint);
    if (!tags.includes(endpoint.tag)) tags.push(endpoint.tag);
  }
  document.tags = tags.map((name) => ({ name }));
  return document;
}

let built: { document: OpenApiDocument; json: string } | null = null;

/** The document of this process, built on first use (the descriptions do not change at run time). */
export function openApiDocument(): { document: OpenApiDocument; json: string } {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { document, json: JSON.stringify(document) };
  }
  return built;
}
