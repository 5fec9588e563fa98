/**
 * The page of a list to show, `perPage` items a page: at least 1 (anything else, or not a
 * number, is the first) and a page past the end shows the last, so a stale link still lands.
 */
export function pageBounds(
  total: number,
  perPage: number,
  requested: number | undefined,
): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested ?? 1) || 1), pages);
  return { page, pages };
}
