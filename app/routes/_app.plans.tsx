import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { FilterForm } from "~/components/admin/filter-form";
import { PageHeader, StatCard } from "~/components/admin/page-header";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { NotFoundPage } from "~/components/status-pages";
import { listPlansAdmin, planStatistics } from "~/models/plan.server";
import { queryParams } from "~/schemas/api-search";
import { PLAN_STATUSES, planListQuerySchema, UNLIMITED_CREDITS } from "~/schemas/plan";
import { requireAdmin } from "~/server/auth.server";
import { formatBRL, formatDate, formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import { messages } from "~/utils/messages";

const m = messages.plansAdmin;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = planListQuerySchema.parse(queryParams(request));
  const plans = listPlansAdmin(query).map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    creditsPerMonth: plan.creditsPerMonth,
    priceCents: plan.priceCents,
    isFree: plan.isFree,
    status: plan.status,
    customersCount: plan.customersCount,
    monthlyRevenueCents: plan.monthlyRevenueCents,
    createdAt: plan.createdAt,
  }));
  return { query, stats: planStatistics(), plans };
}

function StatusBadge({ status }: { status: (typeof PLAN_STATUSES)[number] }) {
  const tone =
    status === "active" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {m.status[status]}
    </span>
  );
}

export default function PlansPage() {
  const { query, stats, plans } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to={withSearch("/plans/new")} className="btn-primary" preventScrollReset>
            {m.newPlan}
          </Link>
        }
      />
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={m.title}>
        <StatCard label={m.stats.total} value={formatInteger(stats.totalPlans)} />
        <StatCard label={m.stats.active} value={formatInteger(stats.activePlans)} />
        <StatCard label={m.stats.customers} value={formatInteger(stats.totalCustomers)} />
        <StatCard label={m.stats.revenue} value={formatBRL(stats.monthlyRevenueCents)} />
      </section>
      <FilterForm label={m.searchLabel}>
        <div className="flex-1">
          <label htmlFor="plans-q" className="label">
            {m.searchLabel}
          </label>
          <input
            id="plans-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={m.searchPlaceholder}
            className="input"
            maxLength={100}
          />
        </div>
        <div>
          <label htmlFor="plans-status" className="label">
            {m.statusFilter}
          </label>
          <select
            id="plans-status"
            name="status"
            defaultValue={query.status ?? ""}
            className="input"
          >
            <option value="">{m.allStatuses}</option>
            {PLAN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {m.status[status]}
              </option>
            ))}
          </select>
        </div>
        {(query.q || query.status) && (
          <Link to="/plans" className="btn-ghost">
            {a.clearFilters}
          </Link>
        )}
      </FilterForm>
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {m.columns.plan}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.credits}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.price}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.status}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.customers}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.revenue}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.createdAt}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.length === 0 && (
              <tr>
                <td colSpan={8} className="px-4 py-8 text-center text-slate-600">
                  {m.empty}
                </td>
              </tr>
            )}
            {plans.map((plan) => (
              <tr
                key={plan.id}
                className="border-b border-slate-100 last:border-0"
                data-testid="plan-row"
              >
                <th scope="row" className="px-4 py-3">
                  <span className="font-semibold">{plan.name}</span>
                  {plan.description && (
                    <span className="block text-xs font-normal text-slate-600">
                      {plan.description}
                    </span>
                  )}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">
                  {plan.creditsPerMonth === UNLIMITED_CREDITS
                    ? m.unlimited
                    : formatInteger(plan.creditsPerMonth)}
                </td>
                <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                  {plan.isFree ? m.free : formatBRL(plan.priceCents ?? 0)}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={plan.status} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatInteger(plan.customersCount)}
                </td>
                <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                  {formatBRL(plan.monthlyRevenueCents)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(plan.createdAt)}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-1">
                    <RowAction
                      to={withSearch(`/plans/${plan.id}/edit`)}
                      label={a.edit}
                      name={plan.name}
                    />
                    <RowAction
                      to={withSearch(`/plans/${plan.id}/delete`)}
                      label={a.delete}
                      name={plan.name}
                      danger
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Outlet />
    </div>
  );
}

/** A failed load says so inside the shell; unknown ids (from the dialogs) are the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div role="alert" className="card mx-auto max-w-xl p-8 text-center">
      <p className="font-semibold text-red-800">{m.loadFailed}</p>
      <a href={`${location.pathname}${location.search}`} className="btn-secondary mt-4">
        {m.retry}
      </a>
    </div>
  );
}
