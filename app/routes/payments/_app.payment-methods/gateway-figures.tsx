import { Link } from "@remix-run/react";
import { DataRow, TableColumns } from "~/components/admin/data-table";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { formatBRL, formatDateTime, formatInteger } from "~/utils/format";
import * as messages from "~/messages";
import type { PaymentMethodsData } from "./payment-methods.server";

const m = messages.invoicesAdmin.methods;
const p = messages.payments;

/** The gateways' real figures: invoices by status and by gateway, the latest transactions. */
export function Figures({ figures }: { figures: PaymentMethodsData["figures"] }) {
  const f = m.figures;
  const cell = "px-4 py-2";
  const head = "px-4 py-2 text-left font-semibold text-slate-600";
  const totalInvoices = figures.byStatus.reduce((sum, row) => sum + row.invoices, 0);
  return (
    <section className="space-y-4" aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-xl font-bold">
        {f.title}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="card list-cards overflow-x-auto">
          <TableColumns columns={[{ label: f.status }, { label: f.invoices }, { label: f.amount }]}>
            <table className="w-full text-sm" data-testid="figures-by-status">
              <caption className="px-4 pt-3 text-left font-semibold">{f.byStatus}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className={head}>
                    {f.status}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {f.invoices}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {f.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {totalInvoices === 0 && (
                  <tr>
                    <td colSpan={3} className={`${cell} text-center text-slate-600`}>
                      {f.none}
                    </td>
                  </tr>
                )}
                {figures.byStatus.map((row) => (
                  <DataRow key={row.status}>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      <PaymentStatusBadge status={row.status} />
                    </th>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatInteger(row.invoices)}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatBRL(row.amountCents)}
                    </td>
                  </DataRow>
                ))}
              </tbody>
            </table>
          </TableColumns>
        </div>
        <div className="card list-cards overflow-x-auto">
          <TableColumns
            columns={[
              { label: f.gateway },
              { label: f.invoices },
              { label: f.approved },
              { label: f.approvedAmount },
            ]}
          >
            <table className="w-full text-sm" data-testid="figures-by-gateway">
              <caption className="px-4 pt-3 text-left font-semibold">{f.byGateway}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className={head}>
                    {f.gateway}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {f.invoices}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {f.approved}
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    {f.approvedAmount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.byGateway.length === 0 && (
                  <tr>
                    <td colSpan={4} className={`${cell} text-center text-slate-600`}>
                      {f.none}
                    </td>
                  </tr>
                )}
                {figures.byGateway.map((row) => (
                  <DataRow key={`${row.gateway}:${row.paymentMethod ?? ""}`}>
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {p.paidWith(row.gateway, row.paymentMethod)}
                    </th>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatInteger(row.invoices)}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatInteger(row.approved)}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatBRL(row.approvedCents)}
                    </td>
                  </DataRow>
                ))}
              </tbody>
            </table>
          </TableColumns>
        </div>
      </div>
      <div className="card list-cards overflow-x-auto">
        <TableColumns
          columns={[
            { label: f.reference },
            { label: f.user },
            { label: f.gateway },
            { label: f.status },
            { label: f.amount },
            { label: f.when },
          ]}
        >
          <table className="w-full text-sm" data-testid="recent-transactions">
            <caption className="px-4 pt-3 text-left">
              <span className="font-semibold">{f.recent}</span>
              <span className="ml-2 text-xs text-slate-500">{f.recentHint}</span>
            </caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {f.reference}
                </th>
                <th scope="col" className={head}>
                  {f.user}
                </th>
                <th scope="col" className={head}>
                  {f.gateway}
                </th>
                <th scope="col" className={head}>
                  {f.status}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.amount}
                </th>
                <th scope="col" className={head}>
                  {f.when}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.recent.length === 0 && (
                <tr>
                  <td colSpan={6} className={`${cell} text-center text-slate-600`}>
                    {f.none}
                  </td>
                </tr>
              )}
              {figures.recent.map((row) => (
                <DataRow key={row.id}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    <Link
                      to={`/admin-invoices?${new URLSearchParams({ q: row.externalReference })}`}
                      className="font-mono text-xs text-brand-700 underline"
                      aria-label={f.viewInList(row.externalReference)}
                    >
                      {row.externalReference}
                    </Link>
                  </th>
                  <td className={cell}>
                    {row.userName ?? messages.invoicesAdmin.userFallback(row.userId)}
                    {row.userEmail && (
                      <span className="block break-all text-xs text-slate-600">
                        {row.userEmail}
                      </span>
                    )}
                  </td>
                  <td className={cell}>{row.paidWith}</td>
                  <td className={cell}>
                    <PaymentStatusBadge status={row.status} />
                  </td>
                  <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                    {formatBRL(row.amountCents)}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(row.updatedAt)}</td>
                </DataRow>
              ))}
            </tbody>
          </table>
        </TableColumns>
      </div>
    </section>
  );
}
