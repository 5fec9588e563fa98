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
  subscribeViewSchema,
  webhookReceiptViewSchema,
  type InvoiceAdminView,
  type MyInvoiceView,
  type PixView,
} from "~/api/views/payments";
import {
  planAdminViewSchema,
  planCustomerViewSchema,
  planStatisticsViewSchema,
  planViewSchema,
  type PlanAdminView,
  type PlanView,
} from "~/api/views/plans";
import { apiSubscribeSchema } from "~/schemas/accounts/settings";
import {
  apiInvoiceListQuerySchema,
  apiMercadoPagoConfigSchema,
  apiMercadoPagoTestSchema,
  apiPagHiperConfigSchema,
  apiPaymentStatusSchema,
  apiPixBodySchema,
} from "~/schemas/payments/payments";
import { apiPlanSchema, planListQuerySchema } from "~/schemas/payments/plan";
import * as messages from "~/messages";
import { idParams, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";

/** Plans, subscriptions, invoices, PIX, the gateways' settings and the providers' webhooks (app/routes/payments/api.*.ts). */

const t = messages.contractAccounts;
const p = t.plans;
const pay = t.payments;
const ADMIN = ["admin"] as const;
const CUSTOMER = ["user", "premium_user"] as const;
const at = "2026-11-20T13:45:00.000Z";

const samplePlan: PlanView = {
  id: 2,
  name: "Profissional",
  description: "Para oficinas e balcões com consulta diária",
  price: 99,
  credits_per_month: 1500,
  customers_count: 64,
  status: "active",
  features: ["50 buscas por dia", "Busca por imagem", "Comparação de peças"],
  policies: null,
  created_at: "2026-01-10T12:00:00.000Z",
};
const samplePlanAdmin: PlanAdminView = { ...samplePlan, monthly_revenue: 6336, updated_at: at };

const sampleInvoice: MyInvoiceView = {
  id: 311,
  status: "pending",
  gateway: "paghiper_pix",
  amount: 99,
  external_reference: "ENC-2026-000311",
  payment_id: "HF97T5SH2ZQNLF6Z",
  plan_id: 2,
  subscription_id: 17,
  init_point: null,
  sandbox_init_point: null,
  has_pix: true,
  expires_at: "2026-11-21T13:45:00.000Z",
  paid_at: null,
  created_at: at,
  updated_at: at,
  plan_name: "Profissional",
  payment_method: "pix",
};
const sampleAdminInvoice: InvoiceAdminView = {
  ...sampleInvoice,
  user_id: 42,
  user_name: "José da Silva",
  user_email: "jose@autopecasdosilva.com.br",
  provider_status: "pending",
};
const samplePix: PixView = {
  payment_id: 311,
  pix_code:
    "00020126580014BR.GOV.BCB.PIX0136a1b2c3d4-e5f6-7890-abcd-ef1234567890520400005303986540599.005802BR5925ENCAIXA6009SAO PAULO62070503***6304ABCD",
  pix_qr_code_base64:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  amount: 99,
  expires_at: "2026-11-21T13:45:00.000Z",
  status: "pending",
};
const sampleMercadoPago = {
  provider: "mercadopago" as const,
  configured: true,
  updated_at: at,
  config_data: {
    public_key: "APP_USR-1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
    access_token: "APP_USR-••••••••5678",
    webhook_secret: "••••••••9abc",
    sandbox_mode: false,
    notification_url: "",
    webhook_url: "https://encaixa.com.br/api/webhooks/mercadopago",
  },
};
const samplePagHiper = {
  provider: "paghiper" as const,
  configured: true,
  updated_at: at,
  config_data: {
    api_key: "apk_••••••••1234",
    token: "••••••••WXYZ",
    webhook_url: "https://encaixa.com.br/api/webhooks/paghiper",
  },
};

const planPath = "/api/plans/{id}";
const paymentPath = "/api/payments/{id}";

const plans: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/auth/plans",
    summary: p.publicList,
    description: p.publicListDescription,
    tag: t.tags.plans,
    access: "public",
    answers: {
      200: { description: p.listed, data: z.array(planViewSchema), example: sample([samplePlan]) },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/auth/subscribe",
    summary: p.subscribe,
    description: p.subscribeDescription,
    tag: t.tags.plans,
    access: CUSTOMER,
    body: apiSubscribeSchema,
    bodyExample: { planId: 2, paymentMethod: "credit_card" },
    answers: {
      200: {
        description: p.subscribed,
        data: subscribeViewSchema,
        example: sample(
          {
            subscription: {
              id: 16,
              plan_id: 1,
              status: "active",
              payment_method: "credit_card",
              started_at: at,
              expires_at: null,
            },
            payment: null,
          },
          messages.planChange.created,
        ),
      },
      201: {
        description: p.invoiceCreated,
        data: subscribeViewSchema,
        example: sample(
          {
            subscription: {
              id: 17,
              plan_id: 2,
              status: "pending",
              payment_method: "credit_card",
              started_at: null,
              expires_at: null,
            },
            payment: {
              id: 312,
              status: "pending",
              gateway: "mercadopago",
              amount: 99,
              credit: 0,
              amount_due: 99,
              external_reference: "ENC-2026-000312",
              init_point: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc",
              sandbox_init_point: null,
              checkout_url: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc",
              created_at: at,
            },
          },
          messages.planChange.paymentRequired("ENC-2026-000312"),
        ),
      },
      409: { description: p.subscribeRefused },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/plans",
    summary: p.list,
    description: p.listDescription,
    tag: t.tags.plans,
    access: ADMIN,
    query: planListQuerySchema,
    answers: {
      200: {
        description: p.listed,
        data: z.array(planAdminViewSchema),
        example: sample([samplePlanAdmin]),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/plans",
    summary: p.create,
    tag: t.tags.plans,
    access: ADMIN,
    body: apiPlanSchema(),
    bodyExample: {
      name: samplePlan.name,
      description: samplePlan.description,
      credits_per_month: 1500,
      price: 99,
      status: "active",
      features: samplePlan.features,
    },
    answers: {
      201: {
        description: p.created,
        data: planAdminViewSchema,
        example: sample(
          { ...samplePlanAdmin, customers_count: 0, monthly_revenue: 0 },
          messages.plansAdmin.created,
        ),
      },
      409: { description: p.duplicate },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/plans/statistics",
    summary: p.statistics,
    tag: t.tags.plans,
    access: ADMIN,
    answers: {
      200: {
        description: p.statisticsFound,
        data: planStatisticsViewSchema,
        example: sample({
          total_plans: 4,
          active_plans: 3,
          total_customers: 64,
          monthly_revenue: 6336,
        }),
      },
    },
  }),
  endpoint({
    method: "get",
    path: planPath,
    summary: p.get,
    tag: t.tags.plans,
    access: ADMIN,
    params: idParams,
    answers: {
      200: { description: p.found, data: planAdminViewSchema, example: sample(samplePlanAdmin) },
      404: { description: p.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: planPath,
    summary: p.update,
    description: p.updateDescription,
    tag: t.tags.plans,
    access: ADMIN,
    params: idParams,
    body: apiPlanSchema(),
    bodyExample: { price: 109.9 },
    answers: {
      200: {
        description: p.updated,
        data: planAdminViewSchema,
        example: sample(samplePlanAdmin, messages.plansAdmin.updated),
      },
      404: { description: p.notFound },
      409: { description: p.duplicate },
    },
  }),
  endpoint({
    method: "delete",
    path: planPath,
    summary: p.remove,
    description: p.removeDescription,
    tag: t.tags.plans,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: p.removed,
        data: planAdminViewSchema.nullable(),
        example: sample(null, messages.plansAdmin.deleted),
      },
      404: { description: p.notFound },
      409: { description: p.inUse },
    },
  }),
  endpoint({
    method: "get",
    path: `${planPath}/customers`,
    summary: p.customers,
    tag: t.tags.plans,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: p.customersFound,
        data: z.array(planCustomerViewSchema),
        example: sample([
          {
            id: 42,
            name: "José da Silva",
            email: "jose@autopecasdosilva.com.br",
            company: "Auto Peças do Silva",
            subscription_id: 17,
            payment_method: "pix",
            started_at: at,
            expires_at: "2026-12-20T13:45:00.000Z",
          },
        ]),
      },
      404: { description: p.notFound },
    },
  }),
];

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
          { nickname: "AUTOPECASSILVA", account: "AUTOPECASSILVA" },
          messages.payments.testOk("AUTOPECASSILVA"),
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
        example: sample({ account: "Conexão OK" }, "Conexão OK"),
      },
      400: { description: pay.notConfigured },
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
  ...plans,
  ...invoices,
  ...gateways,
  ...webhooks,
];
