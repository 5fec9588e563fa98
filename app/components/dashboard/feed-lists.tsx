import { formatRelativeTime } from "~/utils/format";

export type ActivityItem = { type: string; time: Date; user: string; action: string };
export type PopularPart = {
  partId: number;
  partCode: string;
  partName: string;
  category: string | null;
  searches: number;
};

/** "Atividade Recente": who did what, newest first. */
export function ActivityList({
  items,
  emptyText,
  typeLabel,
}: {
  items: ActivityItem[];
  emptyText: string;
  /** The kind of each item in words ("Busca", "Pagamento"); left out on the home page. */
  typeLabel?: (type: string) => string;
}) {
  if (items.length === 0) return <p className="mt-3 text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100 text-sm">
      {items.map((item, index) => (
        <li key={`${item.type}-${index}`} className="py-2">
          {typeLabel && (
            <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
              {typeLabel(item.type)}
            </span>
          )}
          <span className="font-medium">{item.user}</span> · {item.action}
          <span className="block text-xs text-slate-500">
            <time dateTime={new Date(item.time).toISOString()}>
              {formatRelativeTime(item.time)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Buscas Populares": the parts searched most, with how often. */
export function PopularPartsList({
  items,
  emptyText,
  countText,
}: {
  items: PopularPart[];
  emptyText: string;
  countText: (searches: number) => string;
}) {
  if (items.length === 0) return <p className="mt-3 text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100 text-sm">
      {items.map((item) => (
        <li key={item.partId} className="flex items-center justify-between gap-2 py-2">
          <span>
            <span className="font-mono font-semibold">{item.partCode}</span> — {item.partName}
            {item.category && <span className="ml-2 text-xs text-slate-500">{item.category}</span>}
          </span>
          <span className="shrink-0 text-slate-600">{countText(item.searches)}</span>
        </li>
      ))}
    </ul>
  );
}
