import type { ReactNode } from "react";

/** A dialog's key figures (an invoice's amount, a PIX code's expiry…), two tiles to a row. */
export function DetailTiles({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 text-sm">{children}</dl>;
}

/** One figure: its label over its value; `wide` takes the whole row. */
export function DetailTile({
  label,
  testId,
  wide = false,
  valueClassName = "font-semibold",
  children,
}: {
  label: string;
  testId?: string;
  wide?: boolean;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${wide ? "col-span-2 " : ""}rounded-lg bg-slate-50 p-3`}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
