import { z } from "zod";
import {
  gatewaysViewSchema,
  gatewayTestViewSchema,
  invoiceAdminViewSchema,
  invoicePageViewSchema,
  mercadoPagoGatewayViewSchema,
  myInvoiceViewSchema,
  myTransferInvoiceViewSchema,
  pagHiperGatewayViewSchema,
  paymentSyncViewSchema,
  pixCreatedViewSchema,
  pixViewSchema,
  webhookReceiptViewSchema,
} from "~/api/views/payments";
import {
  apiInvoiceListQuerySchema,
  apiMercadoPagoConfigSchema,
  apiMercadoPagoTestSchema,
  apiPagHiperConfigSchema,
  apiPaymentStatusSchema,
  apiPixBodySchema,
} from "~/schemas/payments/payments";
import * as messages from "~/messages";
import { idParams, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import { plansEndpoints } from "./plans";
import {
  sampleAdminInvoice,
  sampleGatewayAccount,
  sampleInvoice,
  sampleMercadoPago,
  samplePagHiper,
  samplePix,
} from "./examples/sample-data";

/** Plans, subscriptions, invoices, PIX, the gateways' settings and the providers' webhooks (app/routes/payments/api.*.ts). */

const t = messages.contractAccounts;
const pay = t.payments;
const ADMIN = ["admin"] as const;
const CUSTOMER = ["user", "premium_user"] as const;
const at = "2026-11-20T13:45:00.000Z";

const paymentPath = "/api/payments/{id}";

const invoices: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/my/payments",
    summary: pay.mine,
    tag: t.tags.payments,
    access: "signed-in",
    answers: {
      200: {
        description: pay.mineFound,
        data: z.array(myInvoiceViewSchema),
        example: sample([sampleInvoice]),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/payments",
    summary: pay.list,
    description: pay.listDescription,
    tag: t.tags.payments,
    access: ADMIN,
    query: apiInvoiceListQuerySchema,
    answers: {
      200: {
        description: pay.listed,
        data: invoicePageViewSchema,
        example: sample({ items: [sampleAdminInvoice], total: 1, page: 1, pages: 1, per_page: 20 }),
      },
    },
  }),
  endpoint({
    method: "get",
    path: paymentPath,
    summary: pay.get,
    description: pay.getDescription,
    tag: t.tags.payments,
    access: "signed-in",
    params: idParams,
    answers: {
      200: {
        description: pay.found,
        data: z.union([invoiceAdminViewSchema, myTransferInvoiceViewSchema, myInvoiceViewSchema]),
        example: sample(sampleInvoice),
      },
      404: { description: pay.notFound },
    },
  }),
  endpoint({
    method: "patch",
    path: paymentPath,
    summary: pay.setStatus,
    description: pay.setStatusDescription,
    tag: t.tags.payments,
    access: ADMIN,
    params: idParams,
    body: apiPaymentStatusSchema,
    bodyExample: { status: "approved" },
    answers: {
      200: {
        description: pay.statusSet,
        data: invoiceAdminViewSchema,
        example: sample(
          { ...sampleAdminInvoice, status: "approved", paid_at: at },
          messages.payments.statusSaved("ENC-2026-000311", "approved"),
        ),
      },
      404: { description: pay.notFound },
      409: { description: pay.statusRefused },
    },
  }),
  endpoint({
    method: "get",
    path: `${paymentPath}/pix`,
    summary: pay.pix,
    tag: t.tags.payments,
    access: "signed-in",
    params: idParams,
    answers: {
      200: { description: pay.pixFound, data: pixViewSchema, example: sample(samplePix) },
      404: { description: pay.noPix },
    },
  }),
  endpoint({
    method: "post",
    path: `${paymentPath}/sync`,
    summary: pay.sync,
    description: pay.syncDescription,
    tag: t.tags.payments,
    access: "signed-in",
    params: idParams,
    answers: {
      200: {
        description: pay.synced,
        data: paymentSyncViewSchema,
        example: sample({ status: "approved" }, messages.payments.synced("approved")),
      },
      404: { description: pay.notFound },
      502: { description: pay.providerFailed },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/payments/paghiper/pix",
    summary: pay.createPix,
    description: pay.createPixDescription,
    tag: t.tags.payments,
    access: CUSTOMER,
    body: apiPixBodySchema,
    bodyExample: {
      plan_id: 2,
      description: "Plano Profissional",
      payer_document: "529.982.247-25",
    },
    answers: {
      201: {
        description: pay.pixCreated,
        data: pixCreatedViewSchema,
        example: sample(
          {
            payment: {
              ...sampleInvoice,
              plan_name: undefined,
              payment_method: undefined,
            },
            ...samplePix,
          },
          messages.payments.pixCreated,
        ),
      },
      400: { description: pay.pixRefused },
      404: { description: pay.planNotFound },
      502: { description: pay.providerFailed },
    },
  }),
];

const gateways: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/payment-gateways",
    summary: pay.gateways,
    description: pay.gatewaysDescription,
    tag: t.tags.payments,
    access: ADMIN,
    answers: {
      200: {
        description: pay.gatewaysFound,
        data: gatewaysViewSchema,
        example: sample({ mercadopago: sampleMercadoPago, paghiper: samplePagHiper }),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/payment-gateways/mercadopago",
    summary: pay.saveMercadoPago,
    description: pay.saveMercadoPagoDescription,
    tag: t.tags.payments,
    access: ADMIN,
    body: apiMercadoPagoConfigSchema({ publicKey: "", sandboxMode: false, notificationUrl: "" }),
    bodyExample: {
      public_key: sampleMercadoPago.config_data.public_key,
      access_token: "APP_USR-1234567890123456-112013-abcdef",
      sandbox_mode: false,
    },
    answers: {
      200: {
        description: pay.saved,
        data: mercadoPagoGatewayViewSchema,
        example: sample(sampleMercadoPago, messages.payments.gatewaySaved),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/payment-gateways/mercadopago/test",
    summary: pay.testMercadoPago,
    description: pay.testMercadoPagoDescription,
    tag: t.tags.payments,
    access: ADMIN,
    body: apiMercadoPagoTestSchema,
    bodyExample: {},
    answers: {
      200: {
        description: pay.tested,
        data: gatewayTestViewSchema,
        example: sample(
          { nickname: sampleGatewayAccount, account: sampleGatewayAccount },
          messages.payments.testOk(sampleGatewayAccount),
        ),
      },
      502: { description: pay.providerFailed },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/payment-gateways/paghiper",
    summary: pay.getPagHiper,
    tag: t.tags.payments,
    access: ADMIN,
    answers: {
      200: {
        description: pay.gatewaysFound,
        data: pagHiperGatewayViewSchema,
        example: sample(samplePagHiper),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/payment-gateways/paghiper",
    summary: pay.savePagHiper,
    tag: t.tags.payments,
    access: ADMIN,
    body: apiPagHiperConfigSchema,
    bodyExample: { api_key: "apk-12345678-ABCD", token: "ABCDEFGHIJKLMNOPQRSTUVWXYZ" },
    answers: {
      200: {
        description: pay.saved,
        data: pagHiperGatewayViewSchema,
        example: sample(samplePagHiper, messages.payments.gatewaySaved),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/payment-gateways/paghiper/test",
    summary: pay.testPagHiper,
    tag: t.tags.payments,
    access: ADMIN,
    answers: {
      200: {
        description: pay.tested,
        data: gatewayTestViewSchema,
        example: sample({ account: sampleGatewayAccount }, sampleGatewayAccount),
      },
      400: { description: pay.notConfigured },
      415: { description: pay.notJson },
      502: { description: pay.providerFailed },
    },
  }),
];

/** What Mercado Pago posts: only `data.id` (here or in the query) and `type` are read. */
const mercadoPagoNotification = z.looseObject({
  type: z.string().optional(),
  action: z.string().optional(),
  data: z.looseObject({ id: z.union([z.string(), z.int()]) }).optional(),
});

const webhookAnswers = {
  200: {
    description: pay.webhookTaken,
    data: webhookReceiptViewSchema,
    example: sample({ duplicate: false }, messages.payments.webhookAccepted),
  },
  400: { description: pay.webhookInvalid },
  401: { description: pay.webhookUnsigned },
  503: { description: pay.webhookRetry },
};

const webhooks: Endpoint[] = [
  endpoint({
    method: "post",
    path: "/api/webhooks/mercadopago",
    summary: pay.webhookMercadoPago,
    description: pay.webhookMercadoPagoDescription,
    tag: t.tags.payments,
    access: "public",
    body: mercadoPagoNotification,
    bodyExample: { type: "payment", action: "payment.updated", data: { id: "1234567890" } },
    answers: webhookAnswers,
  }),
  endpoint({
    method: "post",
    path: "/api/webhooks/paghiper",
    summary: pay.webhookPagHiper,
    description: pay.webhookPagHiperDescription,
    tag: t.tags.payments,
    access: "public",
    answers: { ...webhookAnswers, 415: { description: pay.webhookForm } },
  }),
];

export const paymentsEndpoints: readonly Endpoint[] = [
  ...plansEndpoints,
  ...invoices,
  ...gateways,
  ...webhooks,
];
