import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";

export type Column = { label: string; align?: "right" };

/**
 * The columns of the table a row is in: DataRow names each of its cells after its column
 * (`data-label`), which the `list-cards` styles print above the value when a phone shows the
 * rows as cards (ADR 0055). Plain HTML and CSS: works before JavaScript loads.
 */
const ColumnsContext = createContext<readonly Column[]>([]);

/**
 * The columns of a table that DataTable doesn't frame (a detail page's list, a panel's table):
 * wrap the table in it, give its container the `list-cards` class and render its rows as DataRow.
 */
export function TableColumns({
  columns,
  children,
}: {
  columns: readonly Column[];
  children: ReactNode;
}) {
  return <ColumnsContext.Provider value={columns}>{children}</ColumnsContext.Provider>;
}

/**
 * The table of an admin list: the card it scrolls in, the column headers and, when there is no
 * row, one row saying so (`empty`). The page renders its rows as children (`DataRow`). Below the
 * `sm` breakpoint each row is a card, each cell labelled with its column (`list-cards`).
 */
export function DataTable({
  columns,
  empty,
  isEmpty,
  caption,
  testId,
  children,
}: {
  columns: readonly Column[];
  empty: string;
  isEmpty: boolean;
  /** The table's title, when several share a page (a panel's figures). */
  caption?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="card list-cards overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        {caption && <caption className="px-4 py-3 text-left">{caption}</caption>}
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
          <TableColumns columns={columns}>{children}</TableColumns>
        </tbody>
      </table>
    </div>
  );
}

type CellProps = { "data-label"?: string };

/**
 * The cells of a row, each named after its column by position. RowActions and a cell that names
 * itself (`data-label`, "" for none) are left as they are.
 */
function labelCells(children: ReactNode, columns: readonly Column[]): ReactNode {
  if (columns.length === 0) return children;
  let position = 0;
  return Children.map(children, (child) => {
    if (!isValidElement(child)) return child;
    const column = columns[position];
    position += 1;
    const cell = child as ReactElement<CellProps>;
    if (!column || cell.type === RowActions || cell.props["data-label"] !== undefined) return cell;
    return cloneElement(cell, { "data-label": column.label });
  });
}

/** One row of a DataTable (`className` adds to the row's own, e.g. "align-top"). */
export function DataRow({ className, children, ...row }: HTMLAttributes<HTMLTableRowElement>) {
  const columns = useContext(ColumnsContext);
  return (
    <tr
      className={`border-b border-slate-100 last:border-0${className ? ` ${className}` : ""}`}
      {...row}
    >
      {labelCells(children, columns)}
    </tr>
  );
}

/**
 * The last cell of a row: its actions, right-aligned (`RowAction` links). They wrap rather than
 * widen the table past its frame (a desktop table never cuts a column); `wrap` (a row of many
 * actions) keeps them in a block at most 16rem wide. On a phone's card, a full-width line of
 * buttons with no label.
 */
export function RowActions({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return (
    <td className="row-actions px-4 py-3">
      <div
        className={
          wrap
            ? "ml-auto flex max-w-64 flex-wrap justify-end gap-1"
            : "flex flex-wrap justify-end gap-1"
        }
      >
        {children}
      </div>
    </td>
  );
}
