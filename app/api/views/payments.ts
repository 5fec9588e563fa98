import type {
  BankTransferDetails,
  InvoiceRow,
  MaskedGatewayConfigs,
  PixCharge,
} from "~/models/payments/index.server";
import type { Payment } from "~/models/accounts/index.server";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "~/schemas/choices";
import type { GATEWAYS as DB_GATEWAYS } from "~db/schema";
import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "./customers";
import { reais } from "./money";

/**
 * Invoices, PIX charges and the gateways' settings in the /api shapes of the specs (admin
 * section 3 "Invoice/payment", "PIX data", the provider configs): snake_case, money in reais,
 * dates as ISO strings. Secrets never reach these functions unmasked.
 */

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export const GATEWAYS = [
  "mercadopago",
  "paghiper_pix",
  "manual",
] as const satisfies typeof DB_GATEWAYS;

const isoOrNull = z.iso.datetime().nullable();

export const invoiceViewSchema = z.object({
  id: z.int(),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.enum(GATEWAYS),
  /** Reais. */
  amount: z.number(),
  /** The invoice's number as every text names it (ENC-…). */
  external_reference: z.string(),
  /** The provider's payment id (Mercado Pago payment, PagHiper transaction), once there is one. */
  payment_id: z.string().nullable(),
  plan_id: z.int().nullable(),
  subscription_id: z.int().nullable(),
  init_point: z.string().nullable(),
  sandbox_init_point: z.string().nullable(),
  has_pix: z.boolean(),
  expires_at: isoOrNull,
  paid_at: isoOrNull,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** The Invoice/payment of the specs: what its owner and an admin both see. */
export function invoiceView(payment: Payment): InvoiceView {
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
export const myInvoiceViewSchema = z.object({
  ...invoiceViewSchema.shape,
  plan_name: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
});
export type MyInvoiceView = z.infer<typeof myInvoiceViewSchema>;

export function myInvoiceView(row: InvoiceRow): MyInvoiceView {
  return { ...invoiceView(row), plan_name: row.planName, payment_method: row.paymentMethod };
}

export const bankTransferViewSchema = z.object({
  bank: z.string(),
  agency: z.string(),
  account: z.string(),
  holder: z.string(),
  cnpj: z.string(),
  pix_key: z.string().nullable(),
  /** Reais. */
  amount: z.number(),
  /** To write in the transfer's description. */
  reference: z.string(),
});
export type BankTransferView = z.infer<typeof bankTransferViewSchema>;

export const myTransferInvoiceViewSchema = z.object({
  ...myInvoiceViewSchema.shape,
  bank_transfer: bankTransferViewSchema,
});

/** A customer's own invoice to pay by transfer: the invoice, and where to send the money. */
export function myTransferInvoiceView(
  row: InvoiceRow,
  details: BankTransferDetails,
): z.infer<typeof myTransferInvoiceViewSchema> {
  return { ...myInvoiceView(row), bank_transfer: bankTransferView(details, row) };
}

/**
 * Where to transfer for an invoice chosen "por transferência" (ADR 0044): only in its owner's
 * answers, with the reference to write in the transfer's description.
 */
export function bankTransferView(
  details: BankTransferDetails,
  payment: Pick<InvoiceRow, "amountCents" | "externalReference">,
): BankTransferView {
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

export const invoiceAdminViewSchema = z.object({
  ...myInvoiceViewSchema.shape,
  user_id: z.int(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  provider_status: z.string().nullable(),
});
export type InvoiceAdminView = z.infer<typeof invoiceAdminViewSchema>;

/** The admin's row ("Faturas (Admin)"): adds the customer and the provider's own status word. */
export function invoiceAdminView(row: InvoiceRow): InvoiceAdminView {
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

export const invoicePageViewSchema = z.object({
  items: z.array(invoiceAdminViewSchema),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
  per_page: z.int(),
});

export function invoicePageView(page: {
  items: InvoiceRow[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
}): z.infer<typeof invoicePageViewSchema> {
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

export const pixViewSchema = z.object({
  payment_id: z.int(),
  pix_code: z.string(),
  /** The QR code's PNG, bare base64 (no data: prefix). */
  pix_qr_code_base64: z.string(),
  /** Reais. */
  amount: z.number(),
  expires_at: z.iso.datetime(),
  status: z.enum(PAYMENT_STATUSES),
});
export type PixView = z.infer<typeof pixViewSchema>;

/** The PIX data of the specs. */
export function pixView(charge: PixCharge): PixView {
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
export const mercadoPagoGatewayViewSchema = z.object({
  provider: z.literal("mercadopago"),
  configured: z.boolean(),
  updated_at: isoOrNull,
  config_data: z.object({
    public_key: z.string(),
    access_token: z.string(),
    webhook_secret: z.string(),
    sandbox_mode: z.boolean(),
    notification_url: z.string(),
    webhook_url: z.string(),
  }),
});

export function mercadoPagoGatewayView(
  config: MaskedGatewayConfigs["mercadopago"],
  webhookUrl: string,
): z.infer<typeof mercadoPagoGatewayViewSchema> {
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
export const pagHiperGatewayViewSchema = z.object({
  provider: z.literal("paghiper"),
  configured: z.boolean(),
  updated_at: isoOrNull,
  config_data: z.object({ api_key: z.string(), token: z.string(), webhook_url: z.string() }),
});

export function pagHiperGatewayView(
  config: MaskedGatewayConfigs["paghiper"],
  webhookUrl: string,
): z.infer<typeof pagHiperGatewayViewSchema> {
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
export const gatewaysViewSchema = z.object({
  mercadopago: mercadoPagoGatewayViewSchema,
  paghiper: pagHiperGatewayViewSchema,
});

export function gatewaysView(
  configs: MaskedGatewayConfigs,
  webhookUrls: { mercadopago: string; paghiper: string },
): z.infer<typeof gatewaysViewSchema> {
  return {
    mercadopago: mercadoPagoGatewayView(configs.mercadopago, webhookUrls.mercadopago),
    paghiper: pagHiperGatewayView(configs.paghiper, webhookUrls.paghiper),
  };
}

/** POST /api/payments/paghiper/pix: the invoice and its PIX. */
export const pixCreatedViewSchema = z.object({
  payment: invoiceViewSchema,
  ...pixViewSchema.shape,
});

/** POST /api/payments/:id/sync: the invoice's status afterwards. */
export const paymentSyncViewSchema = z.object({ status: z.enum(PAYMENT_STATUSES) });

/** A gateway's "Testar conexão": the provider's account (as nickname or e-mail for Mercado Pago). */
export const gatewayTestViewSchema = z.object({
  account: z.string(),
  nickname: z.string().optional(),
  email: z.string().optional(),
});

/** A provider's notification taken: `duplicate` when it had already been processed. */
export const webhookReceiptViewSchema = z.object({ duplicate: z.boolean() });

/** The subscription a plan change leaves (POST /api/auth/subscribe). */
export const subscriptionViewSchema = z.object({
  id: z.int(),
  plan_id: z.int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  started_at: isoOrNull,
  expires_at: isoOrNull,
});

/** The invoice a paid plan asks for (POST /api/auth/subscribe), with its checkout link or transfer details. */
export const subscribeInvoiceViewSchema = z.object({
  id: z.int(),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.enum(GATEWAYS),
  /** Reais: what is charged (the price less `credit`). */
  amount: z.number(),
  /** Reais: the unused days of the current paid plan (ADR 0046). */
  credit: z.number(),
  amount_due: z.number(),
  external_reference: z.string(),
  init_point: z.string().nullable(),
  sandbox_init_point: z.string().nullable(),
  /** The link to open in the gateway's mode (credit_card); null otherwise. */
  checkout_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  bank_transfer: bankTransferViewSchema.optional(),
});

export const subscribeViewSchema = z.object({
  subscription: subscriptionViewSchema,
  payment: subscribeInvoiceViewSchema.nullable(),
  /** A cheaper or free plan while a paid period runs: when it takes over. */
  scheduled: z.object({ plan_id: z.int(), effective_at: z.iso.datetime() }).optional(),
});
export type SubscribeView = z.infer<typeof subscribeViewSchema>;
