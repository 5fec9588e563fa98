import { Link } from "@remix-run/react";
import { StatCard } from "~/components/admin/page-header";
import { Icon } from "~/components/icon";
import { formatBRL, formatDecimal, formatInteger, formatPercent } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.dashboard.overview;

export type OverviewFigures = {
  users: {
    total: number;
    newThisMonth: number;
    withSubscriptions: number;
    subscribedPercentage: number;
  };
  plans: { revenueCents: number; subscribers: number };
  activity: { searchesToday: number; avgResponseTimeMs: number | null };
};

const QUICK_ACTIONS = [
  { to: "/admin/import", label: m.actions.import, icon: "download" },
  { to: "/customers/new", label: m.actions.addCustomer, icon: "user-plus" },
  { to: "/plans/new", label: m.actions.createPlan, icon: "credit-card" },
  { to: "/parts", label: m.actions.manageParts, icon: "screw" },
  { to: "/settings", label: m.actions.settings, icon: "settings" },
] as const;

/** "Visão Geral": the four headline figures and the shortcuts admins use most. */
export function OverviewPanel({ figures }: { figures: OverviewFigures }) {
  const { users, plans, activity } = figures;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={m.customers}
          value={formatInteger(users.total)}
          hint={m.newThisMonth(users.newThisMonth)}
        />
        <StatCard
          label={m.revenue}
          value={formatBRL(plans.revenueCents)}
          hint={m.activeSubscribers(plans.subscribers)}
        />
        <StatCard
          label={m.searchesToday}
          value={formatInteger(activity.searchesToday)}
          hint={
            activity.avgResponseTimeMs === null
              ? m.noSearchesYet
              : m.avgResponse(formatDecimal(activity.avgResponseTimeMs, 2))
          }
        />
        <StatCard
          label={m.subscribers}
          value={formatInteger(users.withSubscriptions)}
          hint={m.subscribedShare(formatPercent(users.subscribedPercentage))}
        />
      </div>
      <section className="card p-5" aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="text-lg font-semibold">
          {m.quickActions}
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="btn-secondary w-full justify-start gap-2">
                <Icon name={action.icon} />
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
