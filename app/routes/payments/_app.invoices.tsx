import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { ButtonLink, PageHeader } from "~/components/admin/page-header";
import { usePolling } from "~/components/hooks";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import {
  bankTransferInvoiceIds,
  customerInvoiceActions,
  invoiceFor,
  listUserInvoices,
  syncPayment,
  syncPendingInvoicesOf,
} from "~/models/payments/index.server";
import type { Access } from "~/server/access";
import { requireAccess } from "~/server/guard.server";
import { formatBRL, formatDateTime } from "~/utils/format";
import * as messages from "~/messages";

/** "Minhas Faturas": a customer's own invoices. An admin has none and reads everyone's list. */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/admin-invoices" };

const m = messages.invoices;
const p = messages.payments;

/** With JavaScript, pending rows are synced with their provider this often while the tab is visible. */
const REFRESH_MS = 10_000;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

type Notice = { tone: "success" | "info" | "error" | "warning"; text: string };

const RETURN_OUTCOMES = ["success", "pending", "failure"] as const;
type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/**
 * Mercado Pago sends the buyer back to `/invoices?payment=success|pending|failure&invoice=<id>`.
 * The query says nothing we can trust: on success or pending we ask the provider (syncPayment)
 * and tell what it answered; an invoice that is not the viewer's gets no notice at all.
 */
async function checkoutReturnNotice(
  viewer: { id: number; role: string },
  url: URL,
): Promise<Notice | null> {
  const outcome = url.searchParams.get("payment");
  const id = Number(url.searchParams.get("invoice"));
  if (!RETURN_OUTCOMES.includes(outcome as ReturnOutcome) || !Number.isInteger(id) || id <= 0)
    return null;
  const found = invoiceFor(viewer, id);
  if (!found.ok) return null;
  const reference = found.value.externalReference;
  if (outcome === "failure" && found.value.status === "pending")
    return { tone: "error", text: m.returnFailure(reference) };
  const synced =
    outcome === "failure"
      ? { ok: true as const, value: { status: found.value.status } }
      : await syncPayment(viewer, id);
  if (!synced.ok) return { tone: "warning", text: m.returnUnconfirmed(reference, synced.message) };
  switch (synced.value.status) {
    case "approved":
      return { tone: "success", text: m.returnApproved(reference) };
    case "pending":
      return { tone: "info", text: m.returnPending(reference) };
    case "rejected":
      return { tone: "error", text: m.returnRejected(reference) };
    default:
      return {
        tone: "info",
        text: m.returnOther(reference, p.statuses[synced.value.status] ?? ""),
      };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const notice = await checkoutReturnNotice(user, new URL(request.url));
  // Each load (and the 10 s poll while any is pending) asks the providers about pending invoices.
  await syncPendingInvoicesOf(user);
  const rows = listUserInvoices(user.id);
  const byTransfer = bankTransferInvoiceIds(rows.map((row) => row.id));
  const invoices = rows.map((invoice) => ({
    id: invoice.id,
    // "Pagar" of an invoice chosen "por transferência" opens its bank details (ADR 0044).
    payPath: `/invoices/${invoice.id}/${byTransfer.has(invoice.id) ? "transferencia" : "pagar"}`,
    status: invoice.status,
    // Only what the invoice's state allows (ADR 0055): no "Pagar" once it is paid or closed.
    actions: customerInvoiceActions(invoice.status),
    paidWith: p.paidWith(invoice.gateway, invoice.paymentMethod),
    amountCents: invoice.amountCents,
    reference: invoice.externalReference,
    planName: invoice.planName,
    createdAt: formatDateTime(invoice.createdAt),
  }));
  return { invoices, notice, hasPending: invoices.some((i) => i.status === "pending") };
}

const NOTICE_STYLES: Record<Notice["tone"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

const COLUMNS = [
  { label: m.columns.id },
  { label: m.columns.status },
  { label: m.columns.gateway },
  { label: m.columns.amount, align: "right" as const },
  { label: m.columns.reference },
  { label: m.columns.createdAt },
  { label: m.columns.actions, align: "right" as const },
];

export default function MyInvoices() {
  const { invoices, notice, hasPending } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  // A dialog above the list (the PIX one) reads the page again itself.
  usePolling(hasPending && !outlet, REFRESH_MS);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          hasPending ? (
            <ButtonLink to="/invoices" preventScrollReset>
              {m.checkNow}
            </ButtonLink>
          ) : undefined
        }
      />
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={`rounded-lg border px-4 py-3 text-sm ${NOTICE_STYLES[notice.tone]}`}
          data-testid="payment-return-notice"
        >
          {notice.text}
        </p>
      )}
      <DataTable columns={COLUMNS} empty={m.empty} isEmpty={invoices.length === 0}>
        {invoices.map((invoice) => (
          <DataRow key={invoice.id} data-testid="invoice-row">
            <td className="px-4 py-3 font-medium">#{invoice.id}</td>
            <td className="px-4 py-3">
              <PaymentStatusBadge status={invoice.status} />
            </td>
            <td className="whitespace-nowrap px-4 py-3">{invoice.paidWith}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
              {formatBRL(invoice.amountCents)}
            </td>
            <td className="px-4 py-3">
              <span className="break-all font-mono text-xs">{invoice.reference}</span>
              {invoice.planName && (
                <span className="block text-xs text-slate-600">{m.planOf(invoice.planName)}</span>
              )}
            </td>
            <td className="whitespace-nowrap px-4 py-3">{invoice.createdAt}</td>
            <RowActions>
              {invoice.actions.includes("pay") && (
                <Link
                  to={invoice.payPath}
                  preventScrollReset
                  className="btn-primary whitespace-nowrap px-3 py-1"
                  aria-label={`${m.pay} ${m.invoiceName(invoice.reference)}`}
                >
                  {m.pay}
                </Link>
              )}
              {invoice.actions.includes("newPix") && (
                <Link
                  to={`/invoices/${invoice.id}/pix`}
                  preventScrollReset
                  className="btn-ghost whitespace-nowrap px-2 py-1"
                  aria-label={`${m.newPix} — ${m.invoiceName(invoice.reference)}`}
                >
                  {m.newPix}
                </Link>
              )}
              {invoice.actions.includes("receipt") && (
                <a
                  href={`/invoices/${invoice.id}/receipt`}
                  className="btn-ghost whitespace-nowrap px-2 py-1"
                  aria-label={`${m.receipt} — ${m.invoiceName(invoice.reference)}`}
                >
                  {m.receipt}
                </a>
              )}
            </RowActions>
          </DataRow>
        ))}
      </DataTable>
      {hasPending && <p className="text-sm text-slate-600">{m.autoRefresh}</p>}
      {outlet}
    </div>
  );
}
