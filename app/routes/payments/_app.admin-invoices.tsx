import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { DataRow, DataTable, RowActions } from "~/components/admin/data-table";
import { DateFilter, FilterForm, FilterSelect, SearchInput } from "~/components/admin/filter-form";
import { AdminListPage, listErrorBoundary } from "~/components/admin/list-page";
import { ButtonLink } from "~/components/admin/page-header";
import { RowAction } from "~/components/admin/row-action";
import { useWithListSearch } from "~/components/catalogue/list-href";
import { useHydrated } from "~/components/hooks";
import {
  adminInvoiceActions,
  checkoutLink,
  invoiceDiscrepancies,
  listInvoices,
  syncPayment,
} from "~/models/payments/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { LIST_SEARCH_MAX } from "~/schemas/fields";
import { PAYMENT_STATUSES } from "~/schemas/choices";
import { invoiceFiltersSchema } from "~/schemas/payments/payments";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { refusalData } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatBRL, formatDateTime, formatInteger } from "~/utils/format";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import * as messages from "~/messages";
import { adminInvoiceRow } from "./admin-invoice-row.server";

export const access: Access = ["admin"];

const m = messages.invoicesAdmin;
const statusLabels = messages.payments.statuses;
const r = messages.invoiceRowActions;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const filters = invoiceFiltersSchema.parse(queryParams(request));
  const list = listInvoices(filters);
  const discrepancies = invoiceDiscrepancies(list.items.map((row) => row.id));
  return {
    query: {
      q: filters.q ?? "",
      status: filters.status ?? "",
      dateFrom: filters.dateFrom ?? "",
      dateTo: filters.dateTo ?? "",
    },
    page: { page: list.page, pages: list.pages, total: list.total },
    // Only what the table shows: no PIX payloads, no provider bookkeeping.
    invoices: list.items.map((row) => {
      const link = row.initPoint || row.sandboxInitPoint ? checkoutLink(row) || null : null;
      // Only the actions the invoice's state allows (ADR 0055): no checkout link once it is paid.
      const actions = adminInvoiceActions(row, link !== null);
      return {
        ...adminInvoiceRow(row),
        planId: row.planId,
        planName: row.planName,
        providerPaymentId: row.providerPaymentId,
        createdAt: row.createdAt,
        link: actions.paymentLink ? link : null,
        actions,
        // A provider payment that did not match it: left pending, shown here (ADR 0028).
        discrepancy: discrepancies.get(row.id) ?? null,
      };
    }),
  };
}

/** "Sincronizar": one invoice, named by its id; anything else posted here is refused. */
const syncSchema = z.object({
  intent: z.literal("sync"),
  id: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const form = await readForm(request);
  const parsed = syncSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return refusalData({ error: m.invalidRequest }, "invalid_input");
  const back = `/admin-invoices${new URL(request.url).search}`;
  const synced = await syncPayment(admin, parsed.data.id);
  if (!synced.ok) return redirectWithToast(back, { type: "error", message: synced.message });
  return redirectWithToast(back, {
    type: synced.value.status === "approved" ? "success" : "info",
    message: m.synced(
      synced.value.payment.externalReference,
      statusLabels[synced.value.status] ?? synced.value.status,
    ),
  });
}

/**
 * The payment link of a pending invoice, a short "Abrir link" (its long address is no table
 * text); with JavaScript, a button copies it too ("Copiar link"), and when the clipboard refuses,
 * the address appears in a field to select.
 */
function PaymentLink({ reference, link }: { reference: string; link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-ghost px-2 py-1 text-xs text-brand-700 underline"
        data-testid="invoice-link"
        title={m.paymentLink}
      >
        {r.openLink}
        <span className="sr-only">
          {" "}
          — {m.paymentLink}, {m.forInvoice(reference)}
        </span>
      </a>
      {hydrated && (
        <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={copy}>
          {copied === "copied" ? m.linkCopied : m.copyLink}
          <span className="sr-only"> — {m.forInvoice(reference)}</span>
        </button>
      )}
      {hydrated && copied === "failed" && (
        <span role="status" className="basis-full text-xs text-red-700">
          {m.copyFailed}
          <input
            readOnly
            value={link}
            aria-label={r.linkAddress}
            className="input mt-1 px-2 py-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </span>
      )}
    </>
  );
}

export default function AdminInvoicesPage() {
  const { query, page, invoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const withSearch = useWithListSearch();
  const syncingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "sync"
      ? Number(navigation.formData.get("id"))
      : null;
  const filtered = Boolean(query.q || query.status || query.dateFrom || query.dateTo);
  return (
    <AdminListPage
      width="7xl"
      title={m.title}
      subtitle={m.subtitle}
      actions={<ButtonLink to="/payment-methods">{m.paymentMethodsLink}</ButtonLink>}
      pagination={{ ...page, label: m.pageLabel }}
    >
      {actionData?.error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {actionData.error}
        </p>
      )}
      <FilterForm
        label={m.filtersLabel}
        submitLabel={m.apply}
        clearHref="/admin-invoices"
        filtered={filtered}
        idPrefix="invoices"
        values={query}
      >
        <SearchInput
          label={m.searchLabel}
          placeholder={m.searchPlaceholder}
          maxLength={LIST_SEARCH_MAX}
        />
        <DateFilter name="dateFrom" label={m.dateFrom} />
        <DateFilter name="dateTo" label={m.dateTo} />
        <FilterSelect
          name="status"
          label={m.statusFilter}
          allLabel={m.allStatuses}
          options={PAYMENT_STATUSES.map((status) => ({
            value: status,
            label: statusLabels[status] ?? status,
          }))}
        />
      </FilterForm>
      <p className="text-sm text-slate-600" data-testid="invoices-total">
        {m.totalCount(page.total)}
      </p>
      <DataTable
        columns={[
          { label: m.columns.id },
          { label: m.columns.status },
          { label: m.columns.user },
          { label: m.columns.plan },
          { label: m.columns.amount, align: "right" },
          { label: m.columns.reference },
          { label: m.columns.paymentId },
          { label: m.columns.createdAt },
          { label: m.columns.actions, align: "right" },
        ]}
        empty={m.empty}
        isEmpty={invoices.length === 0}
      >
        {invoices.map((invoice) => (
          <DataRow key={invoice.id} className="align-top" data-testid="invoice-row">
            <th scope="row" className="px-4 py-3 font-semibold tabular-nums">
              #{formatInteger(invoice.id)}
            </th>
            <td className="px-4 py-3">
              <PaymentStatusBadge status={invoice.status} />
              <p className="mt-1 text-xs text-slate-600">{invoice.paidWith}</p>
              {invoice.discrepancy && (
                <p
                  className="mt-1 max-w-56 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900"
                  data-testid="invoice-discrepancy"
                >
                  {invoice.discrepancy}
                </p>
              )}
            </td>
            <td className="px-4 py-3">
              <p className="font-medium">{invoice.userName ?? m.userFallback(invoice.userId)}</p>
              {invoice.userEmail && (
                <p className="break-all text-xs text-slate-600">{invoice.userEmail}</p>
              )}
            </td>
            <td className="px-4 py-3">{invoice.planName ?? m.planFallback(invoice.planId)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
              {formatBRL(invoice.amountCents)}
            </td>
            <td className="break-all px-4 py-3 font-mono text-xs">{invoice.externalReference}</td>
            <td className="break-all px-4 py-3 font-mono text-xs">
              {invoice.providerPaymentId || m.noPaymentId}
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              <time dateTime={new Date(invoice.createdAt).toISOString()}>
                {formatDateTime(invoice.createdAt)}
              </time>
            </td>
            <RowActions wrap>
              {invoice.link && (
                <PaymentLink reference={invoice.externalReference} link={invoice.link} />
              )}
              {invoice.actions.sync && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={invoice.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="sync"
                    className="btn-ghost px-2 py-1 text-xs"
                    disabled={syncingId === invoice.id}
                  >
                    {syncingId === invoice.id ? m.syncing : m.sync}
                    <span className="sr-only"> — {m.forInvoice(invoice.externalReference)}</span>
                  </button>
                </Form>
              )}
              {invoice.actions.markPaid && (
                <RowAction
                  to={withSearch(`/admin-invoices/${invoice.id}/mark-paid`)}
                  label={m.markPaid}
                  name={m.forInvoice(invoice.externalReference)}
                  compact
                />
              )}
            </RowActions>
          </DataRow>
        ))}
      </DataTable>
    </AdminListPage>
  );
}

export const ErrorBoundary = listErrorBoundary(m.loadFailed);
