import type { HTMLAttributes, ReactNode } from "react";

export type Column = { label: string; align?: "right" };

/**
 * The table of an admin list: the card it scrolls in, the column headers and, when there is no
 * row, one row saying so (`empty`). The page renders its rows as children (`DataRow`).
 */
export function DataTable({
  columns,
  empty,
  isEmpty,
  children,
}: {
  columns: readonly Column[];
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.align === "right" ? "px-4 py-3 text-right" : "px-4 py-3"}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** One row of a DataTable (`className` adds to the row's own, e.g. "align-top"). */
export function DataRow({ className, ...row }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={`border-b border-slate-100 last:border-0${className ? ` ${className}` : ""}`}
      {...row}
    />
  );
}

/** The last cell of a row: its actions, right-aligned (`RowAction` links). */
export function RowActions({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return (
    <td className="px-4 py-3">
      <div
        className={wrap ? "flex min-w-48 flex-wrap justify-end gap-1" : "flex justify-end gap-1"}
      >
        {children}
      </div>
    </td>
  );
}
