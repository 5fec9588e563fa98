import type { z } from "zod";

/**
 * One operation of the /api contract (ADR 0052), described beside the others of its domain in
 * `app/api/contract/<domain>.ts`. The OpenAPI document (`GET /api/openapi.json`) is built from
 * these descriptions; its bodies, parameters and answers are the zod schemas the routes and
 * views use, turned into JSON Schema by zod 4 (`z.toJSONSchema`). Every text is pt-BR.
 */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One answer of an operation: `data` is what the envelope's `data` carries (omit: null). */
export type AnswerSpec = {
  description: string;
  /** The schema of the envelope's `data` (for a 2xx), or of its `data` on a refusal that has one (402). */
  data?: z.ZodType;
  /**
   * Fields the envelope carries beside `data`, at its top level: a list's `total`, `limit` and
   * `offset`, a search's page (ADR 0035).
   */
  extra?: z.ZodObject;
  /** A whole example envelope, pt-BR (`{ success, data, message }`). */
  example?: unknown;
  /** Not JSON: the media type and a plain description (a CSV, a PDF, a redirect). */
  mediaType?: string;
};

export type Endpoint = {
  method: HttpMethod;
  /** The OpenAPI path template: `/api/parts/{id}` (the route's `:id`, `$code` become `{id}`, `{code}`). */
  path: string;
  /** One line, pt-BR. */
  summary: string;
  description?: string;
  /** The group it is listed under in /api/docs, pt-BR ("Catálogo", "Busca", "Pagamentos"…). */
  tag: string;
  /**
   * Who may call it, as the route's `access` declares for this method: "public", "signed-in" or the
   * roles. The document turns it into its security requirement and the 401/403 answers.
   */
  access: "public" | "signed-in" | readonly ("admin" | "user" | "premium_user")[];
  /** Path parameters (an object schema whose keys are the path's `{names}`). */
  params?: z.ZodObject;
  /** The query string, as the route reads it (`requireQuery`): an object, or one piped on (renamed fields). */
  query?: z.ZodType;
  /** The JSON body, the very schema the route parses it with. */
  body?: z.ZodType;
  /** A multipart body instead (a file upload): its fields, described. */
  multipart?: z.ZodObject;
  bodyExample?: unknown;
  /** A search that spends a credit: the document adds the RateLimit headers and the 402. */
  metered?: boolean;
  /** The answers the operation gives besides the common refusals the document adds itself. */
  answers: Record<number, AnswerSpec>;
};

/** Identity, for the type check and to read as a declaration. */
export const endpoint = (description: Endpoint): Endpoint => description;
