import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DetailTile, DetailTiles } from "~/components/detail-tiles";
import { RouteDialog } from "~/components/route-dialog";
import { transferInstructions } from "~/models/payments/index.server";
import type { Access } from "~/server/access";
import { formatCnpj } from "~/utils/cnpj";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import { loadViewerInvoice } from "./_app.invoices.server";

/**
 * Paying one invoice by bank transfer (ADR 0044): the account the admin keeps on "Formas de
 * pagamento", the amount, and the invoice's reference to write in the transfer's description.
 * Nothing to post: the admin confirms the money with "Marcar pago" and the invoice turns
 * Aprovado. Another customer's invoice is a 404, as for its PIX; without bank details kept the
 * dialog says transfer is unavailable and leads to the other ways to pay.
 */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/admin-invoices" };

const t = messages.bankTransfer;
const m = messages.invoices;
const p = messages.payments;
const CLOSE_TO = "/invoices";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t.dialogTitle(data.reference) : p.invoiceNotFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, invoice } = await loadViewerInvoice(request, access, params.id);
  const base = {
    id: invoice.id,
    reference: invoice.externalReference,
    amountCents: invoice.amountCents,
  };
  if (invoice.status !== "pending")
    return {
      ...base,
      state: "closed" as const,
      statusLabel: p.statuses[invoice.status] ?? invoice.status,
    };
  const instructions = transferInstructions(user, invoice.id);
  if (!instructions.ok) return { ...base, state: "unavailable" as const };
  const { details } = instructions.value;
  return {
    ...base,
    state: "open" as const,
    reference: invoice.externalReference,
    details: { ...details, cnpj: formatCnpj(details.cnpj) },
  };
}

export default function TransferDialog() {
  const view = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={t.dialogTitle(view.reference)} closeTo={CLOSE_TO}>
      {view.state === "closed" && (
        <p role="status" className="text-sm text-slate-700" data-testid="transfer-closed">
          {m.closed(view.statusLabel)}
        </p>
      )}
      {view.state === "unavailable" && (
        <p role="alert" className="text-sm text-slate-700" data-testid="transfer-unavailable">
          {t.unavailable}
        </p>
      )}
      {view.state === "open" && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t.instructions}</p>
          <DetailTiles>
            <DetailTile label={m.amountLabel} testId="transfer-amount">
              {formatBRL(view.amountCents)}
            </DetailTile>
            <DetailTile
              label={t.reference}
              testId="transfer-reference"
              valueClassName="select-all break-all font-mono font-semibold"
            >
              {view.reference}
            </DetailTile>
            <DetailTile label={t.bank} testId="transfer-bank" wide>
              {view.details.bank}
            </DetailTile>
            <DetailTile label={t.agency} testId="transfer-agency">
              {view.details.agency}
            </DetailTile>
            <DetailTile label={t.account} testId="transfer-account">
              {view.details.account}
            </DetailTile>
            <DetailTile label={t.holder} testId="transfer-holder" wide>
              {view.details.holder}
            </DetailTile>
            <DetailTile label={t.cnpj} testId="transfer-cnpj" valueClassName="font-mono">
              {view.details.cnpj}
            </DetailTile>
            {view.details.pixKey && (
              <DetailTile
                label={t.pixKeyLabel}
                testId="transfer-pix-key"
                valueClassName="select-all break-all font-mono"
              >
                {view.details.pixKey}
              </DetailTile>
            )}
          </DetailTiles>
          <p className="text-xs text-slate-500">{t.referenceHint}</p>
          <p className="text-sm text-slate-600">{t.afterTransfer}</p>
        </div>
      )}
      {view.state !== "closed" && (
        <Link
          to={`/invoices/${view.id}/pagar`}
          preventScrollReset
          className="btn-secondary mt-4 w-full"
        >
          {t.otherMethods}
        </Link>
      )}
      <Link to={CLOSE_TO} className="btn-ghost mt-2 w-full">
        {m.backToInvoices}
      </Link>
    </RouteDialog>
  );
}
