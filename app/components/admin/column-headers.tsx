import type { Column } from "./data-table";

/**
 * The header of a table DataTable doesn't frame (a detail page's list): one column header per
 * column, each with `cellClassName`, right-aligned when the column says so.
 */
export function ColumnHeaders({
  columns,
  className,
  cellClassName,
}: {
  columns: readonly Column[];
  className: string;
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={column.align === "right" ? `${cellClassName} text-right` : cellClassName}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
