import type { z } from "zod";
import * as messages from "~/messages";
import { TEXT_FIELD_MAX_BYTES, textFieldProblem } from "~/schemas/fields";
import { formatBytes } from "~/utils/format";
import type { Access } from "./access";
import { methodRefusal } from "./api-methods.server";
import { isJsonRequest } from "./csrf.server";
import { apiRefuse } from "./refusal.server";

/** The JSON contract of every /api route: {success, data, message}, plus field errors on a 400. */
export type Envelope<T> = {
  success: boolean;
  data: T | null;
  message: string;
  errors?: Record<string, string[]>;
};

export function ok<T>(
  payload: T,
  message: string = messages.api.emptySuccess,
  status = 200,
  headers?: Record<string, string>,
): Response {
  return Response.json({ success: true, data: payload, message } satisfies Envelope<T>, {
    status,
    headers,
  });
}

/** Field messages from a zod error, keyed by the field path, in the order zod found them. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * Reads a JSON body without ever throwing: a body that is not sent as `application/json` is a 415
 * (a cross-site page can send text/plain or a form without asking, never JSON; ADR 0015), bad JSON
 * a 400, never a 500.
 */
async function readJson(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === "") return { ok: true, body: {} };
  if (!isJsonRequest(request))
    return {
      ok: false,
      response: apiRefuse("unsupported_media_type", messages.api.jsonRequired),
    };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: apiRefuse("invalid_input", messages.api.invalidJson) };
  }
  const unsafe = unsafeText(body);
  if (unsafe) return { ok: false, response: unsafe };
  return { ok: true, body };
}

/**
 * The first string of a JSON body (a value or a key, however deep) that no text field takes: too
 * long (413) or with control characters (400), as a form's fields are refused (ADR 0031). Walked
 * with a stack of its own, so a deeply nested body cannot exhaust the call stack.
 */
function unsafeText(body: unknown): Response | null {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    const texts =
      typeof value === "string"
        ? [value]
        : typeof value === "object" && value !== null && !Array.isArray(value)
          ? Object.keys(value)
          : [];
    for (const text of texts) {
      const problem = textFieldProblem(text);
      if (problem === "too_long")
        return apiRefuse(
          "too_large",
          messages.formPost.fieldTooLong(formatBytes(TEXT_FIELD_MAX_BYTES)),
        );
      if (problem) return apiRefuse("invalid_input", messages.formPost.controlCharacters);
    }
    // One by one: spreading a list of half a million items into push() overflows the stack.
    if (typeof value === "object" && value !== null)
      for (const item of Object.values(value)) pending.push(item);
  }
  return null;
}

export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const read = await readJson(request);
  if (!read.ok) return read;
  const parsed = await schema.safeParseAsync(read.body ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = Object.values(errors)[0]?.[0] ?? messages.api.invalidData;
    return { ok: false, response: apiRefuse("invalid_input", first, errors) };
  }
  return { ok: true, value: parsed.data };
}

/** 405 in the envelope; with the resource's `access`, its `Allow` header too. */
export function methodNotAllowed(access?: Access): Response {
  return methodRefusal(access);
}
