import { parsePathId } from "~/schemas/api-search";

/**
 * Stops a loader or an action with a thrown Response (404 unless `init` says otherwise) when
 * `condition` is falsy, and tells TypeScript it holds afterwards: the Epic Stack's
 * `invariantResponse`. The route's ErrorBoundary shows the status and `message`.
 */
export function invariantResponse(
  condition: unknown,
  message: string | null | (() => string),
  init?: ResponseInit,
): asserts condition {
  if (condition) return;
  throw new Response(typeof message === "function" ? message() : message, {
    status: 404,
    ...init,
  });
}

/** The record a route's `:id` names, or a 404 with `message`; a malformed id is not found either. */
export function recordOr404<T>(
  rawId: string | undefined,
  load: (id: number) => T | null | undefined,
  message: string,
): T {
  const id = parsePathId(rawId);
  const record = id === null ? undefined : load(id);
  invariantResponse(record, message);
  return record;
}
