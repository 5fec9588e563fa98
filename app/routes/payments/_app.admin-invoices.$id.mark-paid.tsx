import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import {
  getInvoiceRow,
  invoiceDiscrepancies,
  type InvoiceRow,
  setPaymentStatusByAdmin,
} from "~/models/payments/index.server";
import { refuse } from "~/models/outcome";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { dialogRefusal } from "~/server/refusal.server";
import { recordOr404 } from "~/server/responses.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.invoicesAdmin;

const invoiceOr404 = (raw: string | undefined) => recordOr404(raw, getInvoiceRow, m.notFound);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.markPaidTitle(data.reference) : m.notFound} — Encaixa` },
];

/** Why this invoice cannot be marked paid, if it cannot: paid already, or refunded (final). */
function blocked(invoice: InvoiceRow): string | null {
  if (invoice.status === "approved") return m.alreadyPaid;
  if (invoice.status === "refunded") return messages.payments.refundedIsFinal;
  if (invoice.status === "cancelled") return messages.payments.cancelledNotPayable;
  return null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const invoice = invoiceOr404(params.id);
  const user = invoice.userName ?? m.userFallback(invoice.userId);
  const amount = formatBRL(invoice.amountCents);
  const text = invoice.subscriptionId
    ? m.markPaidText(invoice.planName ?? m.planFallback(invoice.planId), user, amount)
    : m.markPaidNoPlan(user, amount);
  // A provider payment that did not match it: the admin sees it before approving by hand.
  const discrepancy = invoiceDiscrepancies([invoice.id]).get(invoice.id);
  return {
    reference: invoice.externalReference,
    message: discrepancy ? `${text} ${m.discrepancyWarning(discrepancy)}` : text,
    blocked: blocked(invoice),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const invoice = invoiceOr404(params.id);
  await readForm(request);
  if (invoice.status === "approved") return dialogRefusal(refuse("already_current", m.alreadyPaid));
  const marked = setPaymentStatusByAdmin(invoice.id, "approved", admin.id);
  if (!marked.ok) return dialogRefusal(marked);
  return redirectWithToast(`/admin-invoices${new URL(request.url).search}`, {
    type: "success",
    message: m.markedPaid(invoice.externalReference),
  });
}

/** "Marcar pago": approves the invoice by hand, which starts the customer's plan now. */
export default function MarkInvoicePaid() {
  const { reference, message, blocked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = useListHref("/admin-invoices");
  return (
    <ConfirmDialog
      title={m.markPaidTitle(reference)}
      message={message}
      closeTo={closeTo}
      error={actionData?.error ?? blocked}
      cancelLabel={m.keep}
      confirmLabel={m.markPaidConfirm}
      busyLabel={m.markPaidBusy}
      intent="mark-paid"
      canConfirm={!blocked}
    />
  );
}
