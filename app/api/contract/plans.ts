import { z } from "zod";
import { subscribeViewSchema } from "~/api/views/payments";
import {
  planAdminViewSchema,
  planCustomerViewSchema,
  planStatisticsViewSchema,
  planViewSchema,
} from "~/api/views/plans";
import { apiSubscribeSchema } from "~/schemas/accounts/settings";
import { apiPlanSchema, planListQuerySchema } from "~/schemas/payments/plan";
import * as messages from "~/messages";
import { idParams, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import { samplePlan, samplePlanAdmin, samplePlanCustomer } from "./examples/sample-data";

/** The plans' /api operations (app/routes/payments/api.plans*, api.auth.plans, api.auth.subscribe). */

const t = messages.contractAccounts;
const p = t.plans;
const pay = t.payments;
const ADMIN = ["admin"] as const;
const CUSTOMER = ["user", "premium_user"] as const;
const at = "2026-11-20T13:45:00.000Z";

const planPath = "/api/plans/{id}";

/** Plans: the public grid, subscribing, and their administration. */
export const plansEndpoints: readonly Endpoint[] = [
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
      404: { description: pay.planNotFound },
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
        example: sample([samplePlanCustomer]),
      },
      404: { description: p.notFound },
    },
  }),
];
