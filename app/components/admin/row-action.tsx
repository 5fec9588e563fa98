import { Link } from "@remix-run/react";

/**
 * One action of a table row ("Editar", "Excluir"...), a link to its dialog route, named for screen
 * readers: "Editar Freios", or with `compact` (the customers' many small actions) "Créditos — José".
 */
export function RowAction({
  to,
  label,
  name,
  danger = false,
  compact = false,
}: {
  to: string;
  label: string;
  name: string;
  danger?: boolean;
  compact?: boolean;
}) {
  if (compact)
    return (
      <Link
        to={to}
        preventScrollReset
        className={`btn-ghost px-2 py-1 text-xs ${danger ? "text-red-700" : ""}`}
      >
        {label}
        <span className="sr-only"> — {name}</span>
      </Link>
    );
  return (
    <Link
      to={to}
      className={`btn-ghost whitespace-nowrap px-2 py-1${danger ? " text-red-700" : ""}`}
      preventScrollReset
      aria-label={`${label} ${name}`}
    >
      {label}
    </Link>
  );
}
