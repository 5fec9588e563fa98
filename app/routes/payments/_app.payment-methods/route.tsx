import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { listErrorBoundary } from "~/components/admin/list-page";
import { ButtonLink, PageHeader } from "~/components/admin/page-header";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import * as messages from "~/messages";
import { BankTransferPanel } from "./bank-transfer-panel";
import { Figures } from "./gateway-figures";
import { MercadoPagoPanel } from "./mercado-pago-panel";
import { PagHiperPanel } from "./paghiper-panel";
import { paymentMethodsData, postGatewayForm } from "./payment-methods.server";

export const access: Access = ["admin"];

const m = messages.invoicesAdmin.methods;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return paymentMethodsData();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return postGatewayForm(await readForm(request), admin.id);
}

export default function PaymentMethodsPage() {
  const { mercadopago, paghiper, bankTransfer, webhooks, figures } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={<ButtonLink to="/admin-invoices">{m.invoicesLink}</ButtonLink>}
      />
      {actionData && !actionData.intent && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {messages.invoicesAdmin.invalidRequest}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <MercadoPagoPanel
          config={mercadopago}
          webhookUrl={webhooks.mercadopago}
          actionData={actionData}
        />
        <PagHiperPanel config={paghiper} webhookUrl={webhooks.paghiper} actionData={actionData} />
        <BankTransferPanel settings={bankTransfer} actionData={actionData} />
      </div>
      <Figures figures={figures} />
    </div>
  );
}

export const ErrorBoundary = listErrorBoundary(messages.invoicesAdmin.loadFailed);
