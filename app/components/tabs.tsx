import { Link } from "@remix-run/react";

/**
 * Tabs that are links: the chosen tab lives in the URL (`?tab=`), so they work without JavaScript.
 *
 * They wrap, never scroll (ADR 0056): on a phone (below `md`) each tab is a chip and the chips flow
 * onto as many lines as they need, so every tab — the current one included — is on screen and in
 * the Tab order with nothing hidden to the right; from `md` up they are the usual underlined row
 * (which still wraps rather than cut a tab if the row ever runs out of room).
 */
export function UrlTabs<T extends string>({
  tabs,
  current,
  label,
  keep,
}: {
  tabs: Record<T, string>;
  current: T;
  label: string;
  /** Other query parameters every tab link carries (a chosen period, say). */
  keep?: Record<string, string>;
}) {
  const kept = keep ? `&${new URLSearchParams(keep)}` : "";
  return (
    <nav
      className="flex flex-wrap gap-2 md:gap-x-1 md:gap-y-0 md:border-b md:border-slate-200"
      aria-label={label}
    >
      {(Object.entries(tabs) as [T, string][]).map(([id, text]) => (
        <Link
          key={id}
          to={`?tab=${id}${kept}`}
          preventScrollReset
          aria-current={id === current ? "page" : undefined}
          className={`rounded-lg border px-3 py-2 text-sm font-semibold md:-mb-px md:rounded-none md:border-0 md:border-b-2 ${
            id === current
              ? "border-brand-600 bg-brand-50 text-brand-700 md:bg-transparent"
              : "border-slate-300 bg-white text-slate-700 hover:text-slate-900 md:border-transparent md:bg-transparent md:text-slate-600"
          }`}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}

export function tabFrom<T extends string>(
  url: URL,
  tabs: Record<T, string>,
  fallback: NoInfer<T>,
): T {
  const requested = url.searchParams.get("tab");
  return requested && requested in tabs ? (requested as T) : fallback;
}
