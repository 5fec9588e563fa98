import { Link } from "@remix-run/react";
import { DataRow, DataTable } from "~/components/admin/data-table";
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
  const amount = `${cell} text-right tabular-nums`;
  const totalInvoices = figures.byStatus.reduce((sum, row) => sum + row.invoices, 0);
  return (
    <section className="space-y-4" aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-xl font-bold">
        {f.title}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable
          testId="figures-by-status"
          caption={<span className="font-semibold">{f.byStatus}</span>}
          columns={[
            { label: f.status },
            { label: f.invoices, align: "right" },
            { label: f.amount, align: "right" },
          ]}
          empty={f.none}
          isEmpty={totalInvoices === 0}
        >
          {figures.byStatus.map((row) => (
            <DataRow key={row.status}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                <PaymentStatusBadge status={row.status} />
              </th>
              <td className={amount}>{formatInteger(row.invoices)}</td>
              <td className={amount}>{formatBRL(row.amountCents)}</td>
            </DataRow>
          ))}
        </DataTable>
        <DataTable
          testId="figures-by-gateway"
          caption={<span className="font-semibold">{f.byGateway}</span>}
          columns={[
            { label: f.gateway },
            { label: f.invoices, align: "right" },
            { label: f.approved, align: "right" },
            { label: f.approvedAmount, align: "right" },
          ]}
          empty={f.none}
          isEmpty={figures.byGateway.length === 0}
        >
          {figures.byGateway.map((row) => (
            <DataRow key={`${row.gateway}:${row.paymentMethod ?? ""}`}>
              <th scope="row" className={`${cell} text-left font-medium`}>
                {p.paidWith(row.gateway, row.paymentMethod)}
              </th>
              <td className={amount}>{formatInteger(row.invoices)}</td>
              <td className={amount}>{formatInteger(row.approved)}</td>
              <td className={amount}>{formatBRL(row.approvedCents)}</td>
            </DataRow>
          ))}
        </DataTable>
      </div>
      <DataTable
        testId="recent-transactions"
        caption={
          <>
            <span className="font-semibold">{f.recent}</span>
            <span className="ml-2 text-xs text-slate-500">{f.recentHint}</span>
          </>
        }
        columns={[
          { label: f.reference },
          { label: f.user },
          { label: f.gateway },
          { label: f.status },
          { label: f.amount, align: "right" },
          { label: f.when },
        ]}
        empty={f.none}
        isEmpty={figures.recent.length === 0}
      >
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
                <span className="block break-all text-xs text-slate-600">{row.userEmail}</span>
              )}
            </td>
            <td className={cell}>{row.paidWith}</td>
            <td className={cell}>
              <PaymentStatusBadge status={row.status} />
            </td>
            <td className={`${amount} whitespace-nowrap`}>{formatBRL(row.amountCents)}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(row.updatedAt)}</td>
          </DataRow>
        ))}
      </DataTable>
    </section>
  );
}
