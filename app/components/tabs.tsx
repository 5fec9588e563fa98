import { Link } from "@remix-run/react";

/** Tabs that are links: the chosen tab lives in the URL (`?tab=`), so they work without JavaScript. */
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
    <nav className="flex gap-1 overflow-x-auto border-b border-slate-200" aria-label={label}>
      {(Object.entries(tabs) as [T, string][]).map(([id, text]) => (
        <Link
          key={id}
          to={`?tab=${id}${kept}`}
          preventScrollReset
          aria-current={id === current ? "page" : undefined}
          className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${
            id === current
              ? "border-brand-600 text-brand-700"
              : "border-transparent text-slate-600 hover:text-slate-900"
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
