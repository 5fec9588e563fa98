import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { creditBadgeClass } from "~/components/admin/customer-form";
import { FilterForm } from "~/components/admin/filter-form";
import { PageHeader, StatCard } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { NotFoundPage } from "~/components/status-pages";
import { customerStatistics, listCustomers } from "~/models/customer.server";
import { queryParams } from "~/schemas/api-search";
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  customerListQuerySchema,
  type CustomerStatus,
} from "~/schemas/customer";
import { requireAdmin } from "~/server/auth.server";
import { formatBRL, formatDate, formatDateTime, formatInteger, initials } from "~/utils/format";
import { messages } from "~/utils/messages";

const m = messages.customersAdmin;
const a = messages.admin;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
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

export default function CustomersPage() {
  const { query, stats, page, customers } = useLoaderData<typeof loader>();
  const withSearch = useWithListSearch();
  const filtered = Boolean(query.q || query.status || query.type);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to={withSearch("/customers/new")} className="btn-primary" preventScrollReset>
            {m.newCustomer}
          </Link>
        }
      />
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
      <FilterForm label={m.searchLabel}>
        <div className="flex-1">
          <label htmlFor="customers-q" className="label">
            {m.searchLabel}
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={m.searchPlaceholder}
            className="input"
            maxLength={100}
          />
        </div>
        <div>
          <label htmlFor="customers-status" className="label">
            {m.statusFilter}
          </label>
          <select id="customers-status" name="status" defaultValue={query.status} className="input">
            <option value="">{m.allStatuses}</option>
            {CUSTOMER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {m.status[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="customers-type" className="label">
            {m.typeFilter}
          </label>
          <select id="customers-type" name="type" defaultValue={query.type} className="input">
            <option value="">{m.allTypes}</option>
            {CUSTOMER_TYPES.map((type) => (
              <option key={type} value={type}>
                {m.types[type]}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <Link to="/customers" className="btn-ghost">
            {a.clearFilters}
          </Link>
        )}
      </FilterForm>
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {m.columns.customer}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.contact}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.type}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.status}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.credits}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.paid}
              </th>
              <th scope="col" className="px-4 py-3">
                {m.columns.lastConsultation}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {m.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {customers.length === 0 && (
              <tr>
                <td colSpan={8} className="px-4 py-8 text-center text-slate-600">
                  {m.empty}
                </td>
              </tr>
            )}
            {customers.map((customer) => {
              const { subscription, credits } = customer;
              const unlimited = credits.remainingSearches < 0;
              const activeSubscription = subscription?.status === "active";
              const action = (path: string) => withSearch(`/customers/${customer.id}/${path}`);
              return (
                <tr
                  key={customer.id}
                  className="border-b border-slate-100 align-top last:border-0"
                  data-testid="customer-row"
                >
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
                  <td className="px-4 py-3">
                    <div className="flex min-w-48 flex-wrap justify-end gap-1">
                      <RowAction
                        to={action("credits")}
                        label={m.actions.credits}
                        name={customer.name}
                      />
                      <RowAction to={action("plan")} label={m.actions.plan} name={customer.name} />
                      {activeSubscription && (
                        <RowAction
                          to={action("cancel")}
                          label={m.actions.cancel}
                          name={customer.name}
                        />
                      )}
                      <RowAction
                        to={action("password")}
                        label={m.actions.password}
                        name={customer.name}
                      />
                      <RowAction to={action("edit")} label={m.actions.edit} name={customer.name} />
                      <RowAction
                        to={action("delete")}
                        label={m.actions.delete}
                        name={customer.name}
                        danger
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page.page} pages={page.pages} label={m.pageLabel} />
      <Outlet />
    </div>
  );
}

function RowAction({
  to,
  label,
  name,
  danger,
}: {
  to: string;
  label: string;
  name: string;
  danger?: boolean;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={`btn-ghost px-2 py-1 text-xs ${danger ? "text-red-700" : ""}`}
    >
      {label}
      <span className="sr-only"> — {name}</span>
    </Link>
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
        {messages.plansAdmin.retry}
      </a>
    </div>
  );
}
