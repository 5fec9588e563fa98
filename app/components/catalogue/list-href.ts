import { useLocation } from "@remix-run/react";

/** The list a dialog returns to, with the filters and page it was opened from (they ride in the URL). */
export function useListHref(base: string): string {
  return `${base}${useLocation().search}`;
}

/** A path under the list, carrying the list's current filters along. */
export function useWithListSearch(): (path: string) => string {
  const { search } = useLocation();
  return (path) => `${path}${search}`;
}
