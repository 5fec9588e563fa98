import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, FilterSelect, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { StatCard } from "~/components/admin/page-header";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { listPlansAdmin, planStatistics } from "~/models/payments/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { LIST_SEARCH_MAX } from "~/schemas/fields";
import { PLAN_STATUSES, planListQuerySchema, UNLIMITED_CREDITS } from "~/schemas/payments/plan";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatBRL, formatDate, formatInteger } from "~/utils/format";
import { RowAction } from "~/components/admin/row-action";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.plansAdmin;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const query = planListQuerySchema.parse(queryParams(request));
  const plans = listPlansAdmin(query).map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    creditsPerMonth: plan.creditsPerMonth,
    dailySearches: plan.dailySearches,
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
    <AdminListPage
      width="6xl"
      title={m.title}
      subtitle={m.subtitle}
      create={{ to: withSearch("/plans/new"), label: m.newPlan }}
    >
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={m.title}>
        <StatCard label={m.stats.total} value={formatInteger(stats.totalPlans)} />
        <StatCard label={m.stats.active} value={formatInteger(stats.activePlans)} />
        <StatCard label={m.stats.customers} value={formatInteger(stats.totalCustomers)} />
        <StatCard label={m.stats.revenue} value={formatBRL(stats.monthlyRevenueCents)} />
      </section>
      <FilterForm
        label={m.searchLabel}
        live
        clearHref="/plans"
        filtered={Boolean(query.q || query.status)}
        idPrefix="plans"
        values={query}
      >
        <SearchInput
          label={m.searchLabel}
          placeholder={m.searchPlaceholder}
          maxLength={LIST_SEARCH_MAX}
        />
        <FilterSelect
          name="status"
          label={m.statusFilter}
          allLabel={m.allStatuses}
          options={PLAN_STATUSES.map((status) => ({ value: status, label: m.status[status] }))}
        />
      </FilterForm>
      <DataTable
        columns={[
          { label: m.columns.plan },
          { label: m.columns.credits, align: "right" },
          { label: m.columns.price, align: "right" },
          { label: m.columns.status },
          { label: m.columns.customers, align: "right" },
          { label: m.columns.revenue, align: "right" },
          { label: m.columns.createdAt },
          { label: m.columns.actions, align: "right" },
        ]}
        empty={m.empty}
        isEmpty={plans.length === 0}
      >
        {plans.map((plan) => (
          <DataRow key={plan.id} data-testid="plan-row">
            <th scope="row" className="px-4 py-3">
              <span className="font-semibold">{plan.name}</span>
              {plan.description && (
                <span className="block text-xs font-normal text-slate-600">{plan.description}</span>
              )}
            </th>
            <td className="px-4 py-3 text-right tabular-nums">
              {plan.creditsPerMonth === UNLIMITED_CREDITS ? (
                m.unlimited
              ) : (
                <>
                  {formatInteger(plan.creditsPerMonth)}
                  <span className="block text-xs text-slate-600" data-testid="plan-daily-searches">
                    {m.perDay(plan.dailySearches)}
                  </span>
                </>
              )}
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
            <RowActions>
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
            </RowActions>
          </DataRow>
        ))}
      </DataTable>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(m.loadFailed);
