import { Link, type LinkProps } from "@remix-run/react";
import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A number with a label, as the admin screens' stat cards show. */
export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
}) {
  return (
    <div className="card p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/** A link dressed as a button, as the headers' actions are: secondary unless `variant` says primary. */
export function ButtonLink({
  variant = "secondary",
  ...link
}: Omit<LinkProps, "className"> & { variant?: "primary" | "secondary" }) {
  return <Link {...link} className={variant === "primary" ? "btn-primary" : "btn-secondary"} />;
}
