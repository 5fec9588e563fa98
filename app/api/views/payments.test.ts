import { describe, expect, it } from "vitest";
import type { InvoiceRow, MaskedGatewayConfigs } from "~/models/payments/index.server";
import {
  base64Of,
  gatewaysView,
  invoiceAdminView,
  invoicePageView,
  invoiceView,
  myInvoiceView,
  pixView,
} from "./payments";

const created = new Date("2025-03-01T12:00:00.000Z");
const updated = new Date("2025-03-01T12:05:00.000Z");
const expires = new Date("2025-03-01T12:30:00.000Z");

function row(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: 12,
    userId: 7,
    planId: 3,
    subscriptionId: 9,
    status: "pending",
    gateway: "paghiper_pix",
    amountCents: 4990,
    externalReference: "ENC-ABC-123",
    providerPaymentId: "TXN123",
    initPoint: null,
    sandboxInitPoint: null,
    pixCode: "00020101021226",
    pixQr: "data:image/png;base64,iVBORw0KGgo=",
    checkoutId: "ENC-ABC-123-P1",
    providerStatus: "pending",
    expiresAt: expires,
    paidAt: null,
    nextCheckAt: null,
    checkAttempts: 0,
    payerTaxId: null,
    creditCents: 0,
    replacesSubscriptionId: null,
    createdAt: created,
    updatedAt: updated,
    userName: "Ana",
    userEmail: "ana@teste.dev",
    planName: "Profissional",
    paymentMethod: "pix",
    ...overrides,
  };
}

const INVOICE_FIELDS = {
  id: 12,
  status: "pending",
  gateway: "paghiper_pix",
  amount: 49.9,
  external_reference: "ENC-ABC-123",
  payment_id: "TXN123",
  plan_id: 3,
  subscription_id: 9,
  init_point: null,
  sandbox_init_point: null,
  has_pix: true,
  expires_at: "2025-03-01T12:30:00.000Z",
  paid_at: null,
  created_at: "2025-03-01T12:00:00.000Z",
  updated_at: "2025-03-01T12:05:00.000Z",
};

describe("invoice views", () => {
  it("gives the spec's Invoice/payment: reais, ISO dates, the provider's id as payment_id", () => {
    expect(invoiceView(row())).toEqual(INVOICE_FIELDS);
  });

  it("never carries the PIX code, its QR image or internal polling state", () => {
    const text = JSON.stringify(invoiceAdminView(row()));
    expect(text).not.toContain("00020101021226");
    expect(text).not.toContain("iVBORw0KGgo");
    expect(text).not.toMatch(/check|next_/);
  });

  it("adds the plan's name for the customer, and the customer for the admin", () => {
    expect(myInvoiceView(row())).toEqual({
      ...INVOICE_FIELDS,
      plan_name: "Profissional",
      payment_method: "pix",
    });
    expect(
      invoiceAdminView(
        row({ userName: null, userEmail: null, planName: null, paymentMethod: "bank_transfer" }),
      ),
    ).toEqual({
      ...INVOICE_FIELDS,
      plan_name: null,
      payment_method: "bank_transfer",
      user_id: 7,
      user_name: null,
      user_email: null,
      provider_status: "pending",
    });
  });

  it("pages the admin list with snake_case counters", () => {
    const page = invoicePageView({ items: [row()], total: 41, page: 2, pages: 3, perPage: 20 });
    expect(page).toMatchObject({ total: 41, page: 2, pages: 3, per_page: 20 });
    expect(page.items[0]).toMatchObject({ id: 12, user_email: "ana@teste.dev" });
  });

  it("answers a paid checkout invoice with its links and paid date", () => {
    const paid = new Date("2025-03-02T10:00:00.000Z");
    expect(
      invoiceView(
        row({
          status: "approved",
          gateway: "mercadopago",
          initPoint: "https://mp.test/checkout?pref_id=1",
          sandboxInitPoint: "https://sandbox.mp.test/checkout?pref_id=1",
          pixCode: null,
          pixQr: null,
          expiresAt: null,
          paidAt: paid,
        }),
      ),
    ).toMatchObject({
      status: "approved",
      init_point: "https://mp.test/checkout?pref_id=1",
      sandbox_init_point: "https://sandbox.mp.test/checkout?pref_id=1",
      has_pix: false,
      expires_at: null,
      paid_at: "2025-03-02T10:00:00.000Z",
    });
  });
});

describe("PIX view", () => {
  it("gives the spec's PIX data, the QR image as bare base64", () => {
    expect(
      pixView({
        paymentId: 12,
        reference: "ENC-ABC-123",
        pixCode: "000201",
        pixQrDataUrl: "data:image/png;base64,iVBORw0KGgo=",
        amountCents: 4990,
        expiresAt: expires,
        status: "pending",
      }),
    ).toEqual({
      payment_id: 12,
      pix_code: "000201",
      pix_qr_code_base64: "iVBORw0KGgo=",
      amount: 49.9,
      expires_at: "2025-03-01T12:30:00.000Z",
      status: "pending",
    });
  });

  it("leaves a value that is not a data: URL as it is", () => {
    expect(base64Of("iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(base64Of("data:image/png;base64,")).toBe("");
  });
});

describe("gateway views", () => {
  const configs: MaskedGatewayConfigs = {
    mercadopago: {
      configured: true,
      publicKey: "APP_USR-public",
      accessTokenMasked: "••••••••1234",
      webhookSecretMasked: "••••••••",
      sandboxMode: true,
      notificationUrl: "",
      updatedAt: updated,
    },
    paghiper: {
      configured: false,
      apiKeyMasked: "",
      tokenMasked: "",
      updatedAt: null,
    },
  };

  it("answers both gateways with the masked values under config_data", () => {
    expect(
      gatewaysView(configs, {
        mercadopago: "https://encaixa.test/api/webhooks/mercadopago",
        paghiper: "https://encaixa.test/api/webhooks/paghiper",
      }),
    ).toEqual({
      mercadopago: {
        provider: "mercadopago",
        configured: true,
        updated_at: "2025-03-01T12:05:00.000Z",
        config_data: {
          public_key: "APP_USR-public",
          access_token: "••••••••1234",
          webhook_secret: "••••••••",
          sandbox_mode: true,
          notification_url: "",
          webhook_url: "https://encaixa.test/api/webhooks/mercadopago",
        },
      },
      paghiper: {
        provider: "paghiper",
        configured: false,
        updated_at: null,
        config_data: {
          api_key: "",
          token: "",
          webhook_url: "https://encaixa.test/api/webhooks/paghiper",
        },
      },
    });
  });
});
