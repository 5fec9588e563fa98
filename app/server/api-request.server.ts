import type { z } from "zod";
import { parseQuery } from "~/schemas/search/api-search";
import type { Access } from "./access";
import { parseJsonBody } from "./api.server";
import type { AuthContext } from "./auth.server";
import { requireApiAccess } from "./guard.server";
import { apiRefuse } from "./refusal.server";
import { recordByPathId } from "./responses.server";

/** The record an /api path names: its raw `:id`, how to load it, and the 404 text when it is not there. */
export type PathRecord<T> = {
  id: string | undefined;
  load: (id: number) => T | null | undefined;
  notFound: string;
};

/**
 * The path's `:id` itself, for a handler whose model says when there is no such record (its own
 * not_found, after the body is read): only a malformed id is refused here, 404 with `notFound`.
 */
export function pathId(id: string | undefined, notFound: string): PathRecord<number> {
  return { id, load: (parsed) => parsed, notFound };
}

/**
 * The record `:id` names, or a thrown 404 envelope with `notFound` (a malformed id is not found
 * either).
 */
export function apiRecordOr404<T>({ id, load, notFound }: PathRecord<T>): T {
  const record = recordByPathId(id, load);
  if (record === undefined) throw apiRefuse("not_found", notFound);
  return record;
}

/** The JSON body read through `schema`, or its refusal thrown (415, 400 or 413, in the envelope). */
export async function requireJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const parsed = await parseJsonBody(request, schema);
  if (!parsed.ok) throw parsed.response;
  return parsed.value;
}

/** The query string read through `schema`, or its refusal thrown (400, with every field's messages). */
export function requireQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const parsed = parseQuery(schema, request);
  if (!parsed.ok) throw apiRefuse("invalid_input", parsed.message, parsed.errors);
  return parsed.value;
}

type ApiRequest<T, S extends z.ZodType | undefined> = AuthContext & {
  record: T;
  body: S extends z.ZodType ? z.output<S> : undefined;
};

/**
 * The start every /api handler shares, in the order they all answered it: the guard (405 for a
 * method the route does not declare, then 401/403), the record its path names (404 with
 * `notFound`), then the JSON body read through `body` (a schema, or one made from the record:
 * fields left out keep the record's values). Each refusal is thrown as its envelope; what comes
 * back is the caller's auth, the record and the body.
 */
export async function apiRequest<T = undefined, S extends z.ZodType | undefined = undefined>(
  request: Request,
  access: Access,
  options: { record?: PathRecord<T>; body?: S | ((record: T) => S) } = {},
): Promise<ApiRequest<T, S>> {
  const auth = await requireApiAccess(request, access);
  const record = (options.record ? apiRecordOr404(options.record) : undefined) as T;
  const schema = typeof options.body === "function" ? options.body(record) : options.body;
  const body = schema ? await requireJsonBody(request, schema) : undefined;
  return { ...auth, record, body: body as ApiRequest<T, S>["body"] };
}
