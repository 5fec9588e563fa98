import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A pager's "previous" or "next": a link to that page, or, where there is none (`to` null), the
 * same button greyed out and marked disabled, so the pager keeps its layout.
 */
export function PagerStep({
  to,
  rel,
  preventScrollReset,
  children,
}: {
  to: string | null;
  rel: "prev" | "next";
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  return to === null ? (
    <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
      {children}
    </span>
  ) : (
    <Link to={to} preventScrollReset={preventScrollReset} className="btn-secondary" rel={rel}>
      {children}
    </Link>
  );
}
