import { parsePathId } from "~/schemas/search/api-search";
import { edgeRefusal, throwRefusal, type Reason } from "./refusal.server";

/**
 * Stops a loader or an action with a thrown refusal (`not_found` unless `reason` says otherwise)
 * when `condition` is falsy, and tells TypeScript it holds afterwards: the Epic Stack's
 * `invariantResponse`, its status named by the one mapping (app/server/refusal.server.ts). The
 * route's ErrorBoundary shows the status and `message`.
 */
export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  reason: Reason = "not_found",
): asserts condition {
  if (condition) return;
  throwRefusal(edgeRefusal(reason, typeof message === "function" ? message() : message));
}

/** The record a path's `:id` names, if any: a malformed id names none. */
export function recordByPathId<T>(
  rawId: string | undefined,
  load: (id: number) => T | null | undefined,
): T | undefined {
  const id = parsePathId(rawId);
  return (id === null ? undefined : load(id)) ?? undefined;
}

/** The record a route's `:id` names, or a 404 with `message`; a malformed id is not found either. */
export function recordOr404<T>(
  rawId: string | undefined,
  load: (id: number) => T | null | undefined,
  message: string,
): T {
  const record = recordByPathId(rawId, load);
  invariantResponse(record, message);
  return record;
}
