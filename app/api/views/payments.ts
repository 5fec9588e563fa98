import type {
  BankTransferDetails,
  InvoiceRow,
  MaskedGatewayConfigs,
  PixCharge,
} from "~/models/payments/index.server";
import type { Payment } from "~/models/accounts/index.server";
import { reais } from "./money";

/**
 * Invoices, PIX charges and the gateways' settings in the /api shapes of the specs (admin
 * section 3 "Invoice/payment", "PIX data", the provider configs): snake_case, money in reais,
 * dates as ISO strings. Secrets never reach these functions unmasked.
 */

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The Invoice/payment of the specs: what its owner and an admin both see. */
export function invoiceView(payment: Payment) {
  return {
    id: payment.id,
    status: payment.status,
    gateway: payment.gateway,
    amount: reais(payment.amountCents),
    external_reference: payment.externalReference,
    /** The provider's payment id (Mercado Pago payment, PagHiper transaction), once there is one. */
    payment_id: payment.providerPaymentId,
    plan_id: payment.planId,
    subscription_id: payment.subscriptionId,
    init_point: payment.initPoint,
    sandbox_init_point: payment.sandboxInitPoint,
    has_pix: Boolean(payment.pixCode),
    expires_at: iso(payment.expiresAt),
    paid_at: iso(payment.paidAt),
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

/**
 * A customer's own invoice ("Minhas Faturas"): the invoice, its plan's name and its subscription's
 * `payment_method` (credit_card, pix, bank_transfer, cash; null without one) — what tells a
 * "manual" gateway paid by transfer from one paid in cash.
 */
export function myInvoiceView(row: InvoiceRow) {
  return { ...invoiceView(row), plan_name: row.planName, payment_method: row.paymentMethod };
}

/** A customer's own invoice to pay by transfer: the invoice, and where to send the money. */
export function myTransferInvoiceView(row: InvoiceRow, details: BankTransferDetails) {
  return { ...myInvoiceView(row), bank_transfer: bankTransferView(details, row) };
}

/**
 * Where to transfer for an invoice chosen "por transferência" (ADR 0044): only in its owner's
 * answers, with the reference to write in the transfer's description.
 */
export function bankTransferView(
  details: BankTransferDetails,
  payment: Pick<InvoiceRow, "amountCents" | "externalReference">,
) {
  return {
    bank: details.bank,
    agency: details.agency,
    account: details.account,
    holder: details.holder,
    cnpj: details.cnpj,
    pix_key: details.pixKey || null,
    amount: reais(payment.amountCents),
    reference: payment.externalReference,
  };
}

/** The admin's row ("Faturas (Admin)"): adds the customer and the provider's own status word. */
export function invoiceAdminView(row: InvoiceRow) {
  return {
    ...invoiceView(row),
    plan_name: row.planName,
    payment_method: row.paymentMethod,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    provider_status: row.providerStatus,
  };
}

export function invoicePageView(page: {
  items: InvoiceRow[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
}) {
  return {
    items: page.items.map(invoiceAdminView),
    total: page.total,
    page: page.page,
    pages: page.pages,
    per_page: page.perPage,
  };
}

/** A data: URL's payload: the spec's pix_qr_code_base64 is the bare base64 of the PNG. */
export function base64Of(dataUrl: string): string {
  const comma = dataUrl.indexOf(",");
  return dataUrl.startsWith("data:") && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

/** The PIX data of the specs. */
export function pixView(charge: PixCharge) {
  return {
    payment_id: charge.paymentId,
    pix_code: charge.pixCode,
    pix_qr_code_base64: base64Of(charge.pixQrDataUrl),
    amount: reais(charge.amountCents),
    expires_at: charge.expiresAt.toISOString(),
    status: charge.status,
  };
}

/**
 * Mercado Pago's settings as an admin may read them: the public key in full, the access token and
 * the webhook secret masked; `webhook_url` is where Mercado Pago must notify this app.
 */
export function mercadoPagoGatewayView(
  config: MaskedGatewayConfigs["mercadopago"],
  webhookUrl: string,
) {
  return {
    provider: "mercadopago" as const,
    configured: config.configured,
    updated_at: iso(config.updatedAt),
    config_data: {
      public_key: config.publicKey,
      access_token: config.accessTokenMasked,
      webhook_secret: config.webhookSecretMasked,
      sandbox_mode: config.sandboxMode,
      notification_url: config.notificationUrl,
      webhook_url: webhookUrl,
    },
  };
}

/** PagHiper's settings as an admin may read them: both credentials masked. */
export function pagHiperGatewayView(config: MaskedGatewayConfigs["paghiper"], webhookUrl: string) {
  return {
    provider: "paghiper" as const,
    configured: config.configured,
    updated_at: iso(config.updatedAt),
    config_data: {
      api_key: config.apiKeyMasked,
      token: config.tokenMasked,
      webhook_url: webhookUrl,
    },
  };
}

/** GET /api/payment-gateways: both gateways, keyed by provider. */
export function gatewaysView(
  configs: MaskedGatewayConfigs,
  webhookUrls: { mercadopago: string; paghiper: string },
) {
  return {
    mercadopago: mercadoPagoGatewayView(configs.mercadopago, webhookUrls.mercadopago),
    paghiper: pagHiperGatewayView(configs.paghiper, webhookUrls.paghiper),
  };
}
