import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  creditBadgeClass,
  customerStatusOptions,
  customerTypeOptions,
} from "~/components/admin/customer-form";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { FilterForm, FilterSelect, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { StatCard } from "~/components/admin/page-header";
import { RowAction } from "~/components/admin/row-action";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { customerStatistics, listCustomers } from "~/models/accounts/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { LIST_SEARCH_MAX } from "~/schemas/fields";
import { customerListQuerySchema, type CustomerStatus } from "~/schemas/accounts/customer";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatBRL, formatDate, formatDateTime, formatInteger, initials } from "~/utils/format";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const query = customerListQuerySchema.parse(queryParams(request));
  const page = listCustomers(query);
  return {
    query: { q: query.q, status: query.status ?? "", type: query.type ?? "" },
    stats: customerStatistics(),
    page: { page: page.page, pages: page.pages, total: page.total },
    customers: page.items,
  };
}

const statusTone: Record<CustomerStatus, string> = {
  active: "bg-emerald-100 text-emerald-800",
  inactive: "bg-slate-200 text-slate-700",
  suspended: "bg-red-100 text-red-800",
};

/** The dialogs a customer row opens; cancelling only while a subscription is active. */
function customerActions(subscribed: boolean) {
  return [
    "credits",
    "plan",
    ...(subscribed ? (["cancel"] as const) : []),
    "password",
    "edit",
    "delete",
  ] as const;
}

export default function CustomersPage() {
  const { query, stats, page, customers } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  const filtered = Boolean(query.q || query.status || query.type);
  return (
    <AdminListPage
      width="7xl"
      title={m.title}
      subtitle={m.subtitle}
      create={{ to: withSearch("/customers/new"), label: m.newCustomer }}
      pagination={{ ...page, label: m.pageLabel }}
    >
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={m.title}>
        <StatCard label={m.stats.total} value={formatInteger(stats.totalCustomers)} />
        <StatCard label={m.stats.active} value={formatInteger(stats.activeCustomers)} />
        <StatCard
          label={m.stats.subscribed}
          value={formatInteger(stats.subscribedCustomers)}
          hint={m.statsHints.subscribed}
        />
        <StatCard
          label={m.stats.credits}
          value={formatInteger(stats.totalCredits)}
          hint={m.statsHints.credits}
        />
        <StatCard
          label={m.stats.revenue}
          value={formatBRL(stats.totalRevenueCents)}
          hint={m.statsHints.revenue}
        />
      </section>
      <FilterForm
        label={m.searchLabel}
        live
        clearHref="/customers"
        filtered={filtered}
        idPrefix="customers"
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
          options={customerStatusOptions}
        />
        <FilterSelect
          name="type"
          label={m.typeFilter}
          allLabel={m.allTypes}
          options={customerTypeOptions}
        />
      </FilterForm>
      <DataTable
        columns={[
          { label: m.columns.customer },
          { label: m.columns.contact },
          { label: m.columns.type },
          { label: m.columns.status },
          { label: m.columns.credits },
          { label: m.columns.paid, align: "right" },
          { label: m.columns.lastConsultation },
          { label: m.columns.actions, align: "right" },
        ]}
        empty={m.empty}
        isEmpty={customers.length === 0}
      >
        {customers.map((customer) => {
          const { subscription, credits } = customer;
          const unlimited = credits.remainingSearches < 0;
          const activeSubscription = subscription?.status === "active";
          const action = (path: string) => withSearch(`/customers/${customer.id}/${path}`);
          return (
            <DataRow key={customer.id} className="align-top" data-testid="customer-row">
              <th scope="row" className="px-4 py-3 font-normal">
                <div className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700"
                  >
                    {initials(customer.name)}
                  </span>
                  <div>
                    <p className="font-semibold">{customer.name}</p>
                    {customer.company && (
                      <p className="text-xs text-slate-600">{customer.company}</p>
                    )}
                    <p className="text-xs text-slate-600">
                      {subscription ? subscription.planName : m.noPlan}
                      {subscription &&
                        !activeSubscription &&
                        ` (${m.subscriptionStatus[subscription.status]})`}
                    </p>
                  </div>
                </div>
              </th>
              <td className="px-4 py-3">
                <p className="break-all">{customer.email}</p>
                {customer.phone && <p className="text-xs text-slate-600">{customer.phone}</p>}
              </td>
              <td className="px-4 py-3">{m.types[customer.customerType]}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[customer.status]}`}
                >
                  {m.status[customer.status]}
                </span>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${creditBadgeClass(credits.remainingSearches)}`}
                  data-testid="customer-credits"
                >
                  {unlimited
                    ? m.unlimited
                    : m.remainingOfAllowance(credits.remainingSearches, credits.dailyAllowance)}
                </span>
                {credits.creditsBalance > 0 && (
                  <p className="mt-1 text-xs text-slate-600">
                    {m.extraCredits(credits.creditsBalance)}
                  </p>
                )}
              </td>
              <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                {formatBRL(customer.totalSpentCents)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {customer.lastSearchAt ? (
                  <time
                    dateTime={customer.lastSearchAt.toISOString()}
                    title={formatDateTime(customer.lastSearchAt)}
                  >
                    {formatDate(customer.lastSearchAt)}
                  </time>
                ) : (
                  messages.format.never
                )}
              </td>
              <RowActions wrap>
                {customerActions(Boolean(activeSubscription)).map((kind) => (
                  <RowAction
                    key={kind}
                    to={action(kind)}
                    label={m.actions[kind]}
                    name={customer.name}
                    danger={kind === "delete"}
                    compact
                  />
                ))}
              </RowActions>
            </DataRow>
          );
        })}
      </DataTable>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(m.loadFailed);
