import { createHash } from "node:crypto";

/**
 * Validators for public answers that many visitors ask for again (ADR 0024): a strong-enough ETag
 * from what the answer is made of, so a repeat visit costs a 304 and no body.
 */

/** A weak ETag of the given parts (the build, the data a page was made from…). */
export function etagOf(...parts: unknown[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(typeof part === "string" ? part : JSON.stringify(part));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** Whether the request's If-None-Match names this ETag (weak comparison, lists and `*`). */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * A text answer with an ETag: 304 without a body when the client already has it. Only for GET
 * and HEAD; other methods never reach a loader.
 */
export function conditionalText(
  request: Request,
  body: string,
  headers: { contentType: string; cacheControl: string },
): Response {
  const etag = etagOf(body);
  const common = { ETag: etag, "Cache-Control": headers.cacheControl };
  if (matchesIfNoneMatch(request, etag)) return new Response(null, { status: 304, headers: common });
  return new Response(body, { headers: { ...common, "Content-Type": headers.contentType } });
}
