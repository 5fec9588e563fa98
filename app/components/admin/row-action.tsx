import { Link } from "@remix-run/react";

/** One action of a table row ("Editar", "Excluir"...), a link to its dialog route, named for screen readers. */
export function RowAction({
  to,
  label,
  name,
  danger = false,
}: {
  to: string;
  label: string;
  name: string;
  danger?: boolean;
}) {
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
