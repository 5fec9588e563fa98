import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DetailTile, DetailTiles } from "~/components/detail-tiles";
import { FormErrors } from "~/components/form-fields";
import { useIsSubmitting } from "~/components/hooks";
import { RouteDialog } from "~/components/route-dialog";
import { bankTransferOffered, getInvoiceRow, startCheckout } from "~/models/payments/index.server";
import { refuse } from "~/models/outcome";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { dialogRefusal, edgeRefusal, throwRefusal } from "~/server/refusal.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import { loadViewerInvoice } from "./_app.invoices.server";

/**
 * "Pagar": how to pay one pending invoice. "Mercado Pago" is a form post whose answer is a
 * document redirect to the invoice's checkout (init_point): it works without JavaScript, and with it
 * the browser loads the checkout as a page (the local simulator shares our origin, where a plain
 * redirect would be followed by the client router). The spec opens the checkout in a new tab;
 * a redirect in the same tab needs no script and no pop-up permission, and the checkout sends
 * the buyer back to /invoices?payment=…&invoice=…, where the list asks Mercado Pago what
 * happened. "PIX" is a link to the PIX dialog; "Transferência bancária", while the admin keeps bank
 * details, to the transfer dialog (ADR 0044).
 */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/admin-invoices" };

const m = messages.invoices;
const p = messages.payments;
const CLOSE_TO = "/invoices";

const loadInvoice = (request: Request, rawId: string | undefined) =>
  loadViewerInvoice(request, access, rawId);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.payTitle(data.invoice.reference) : p.invoiceNotFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { invoice } = await loadInvoice(request, params.id);
  return {
    invoice: {
      id: invoice.id,
      reference: invoice.externalReference,
      status: invoice.status,
      amountCents: invoice.amountCents,
      creditCents: invoice.creditCents,
      planName: getInvoiceRow(invoice.id)?.planName ?? null,
    },
    transferOffered: bankTransferOffered(),
  };
}

/** A checkout link we send a browser to: the provider's, over http(s), nothing else. */
const isWebUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, invoice } = await loadInvoice(request, params.id);
  const form = await readForm(request);
  if (form.get("intent") !== "checkout")
    throwRefusal(edgeRefusal("invalid_input", m.unknownIntent));
  const started = await startCheckout(user, invoice.id);
  if (!started.ok) return dialogRefusal(started);
  if (!isWebUrl(started.value.initPoint))
    return dialogRefusal(refuse("not_configured", p.mercadoPagoUnavailable));
  return redirectDocument(started.value.initPoint);
}

export default function PayInvoice() {
  const { invoice, transferOffered } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const payable = invoice.status === "pending";
  const statusLabel = p.statuses[invoice.status] ?? invoice.status;
  return (
    <RouteDialog title={m.payTitle(invoice.reference)} closeTo={CLOSE_TO}>
      <DetailTiles>
        <DetailTile label={m.amountLabel} testId="invoice-amount">
          {formatBRL(invoice.amountCents)}
        </DetailTile>
        {invoice.planName && <DetailTile label={m.planLabel}>{invoice.planName}</DetailTile>}
      </DetailTiles>
      {invoice.creditCents > 0 && (
        <p className="mt-3 font-semibold" data-testid="invoice-credit">
          {messages.planChange.creditLine(
            formatBRL(invoice.creditCents),
            formatBRL(invoice.amountCents),
          )}
        </p>
      )}
      <div className="mt-4 space-y-4">
        <FormErrors errors={actionData?.error ? [actionData.error] : undefined} id="pay-error" />
        {payable ? (
          <>
            <p className="text-sm text-slate-700">{m.chooseMethod}</p>
            <Form method="post" className="rounded-xl border border-slate-200 p-4">
              <input type="hidden" name="intent" value="checkout" />
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy ? m.redirecting : m.mercadoPago}
              </button>
              <p className="mt-2 text-sm text-slate-600">{m.mercadoPagoHint}</p>
            </Form>
            <div className="rounded-xl border border-slate-200 p-4">
              <Link
                to={`/invoices/${invoice.id}/pix`}
                preventScrollReset
                className="btn-secondary w-full"
              >
                {m.pix}
              </Link>
              <p className="mt-2 text-sm text-slate-600">{m.pixHint}</p>
            </div>
            {transferOffered && (
              <div className="rounded-xl border border-slate-200 p-4">
                <Link
                  to={`/invoices/${invoice.id}/transferencia`}
                  preventScrollReset
                  className="btn-secondary w-full"
                >
                  {messages.bankTransfer.payOption}
                </Link>
                <p className="mt-2 text-sm text-slate-600">{messages.bankTransfer.payOptionHint}</p>
              </div>
            )}
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700" role="status">
              {m.notPayableStatus(statusLabel)}
            </p>
            {invoice.status === "expired" && (
              <Link
                to={`/invoices/${invoice.id}/pix`}
                preventScrollReset
                className="btn-primary w-full"
              >
                {m.newPix}
              </Link>
            )}
            <Link to={CLOSE_TO} className="btn-secondary w-full">
              {m.backToInvoices}
            </Link>
          </>
        )}
      </div>
    </RouteDialog>
  );
}
