import { z } from "zod";
import { customerStatisticsViewSchema, customerViewSchema } from "~/api/views/customers";
import { profileViewSchema, registeredViewSchema, signedInViewSchema } from "~/api/views/users";
import { apiLoginSchema, apiRegisterSchema } from "~/schemas/accounts/auth";
import {
  apiAddCreditsSchema,
  apiAssignPlanSchema,
  apiChangePasswordSchema,
  apiCustomerCreateSchema,
  apiCustomerEditSchema,
  customerListQuerySchema,
} from "~/schemas/accounts/customer";
import { apiForgotPasswordSchema, apiResetPasswordSchema } from "~/schemas/accounts/password-reset";
import { apiProfileSchema } from "~/schemas/accounts/profile";
import * as messages from "~/messages";
import { idParams, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import { sampleCustomer, sampleProfile, sampleSignedIn, sampleUser } from "./examples/sample-data";

/** The accounts' /api operations (app/routes/accounts/api.*.ts, keys aside): sign-in and customers. */

const t = messages.contractAccounts;
const c = t.customers;
const ADMIN = ["admin"] as const;

const customerPath = "/api/customers/{id}";
/** PUT /api/customers/{id} reads its body over the saved customer; the contract shows the fields. */
const customerEditBody = apiCustomerEditSchema({
  name: "",
  email: "",
  phone: "",
  company: "",
  customerType: "regular",
  status: "active",
  notes: "",
});

const auth: Endpoint[] = [
  endpoint({
    method: "post",
    path: "/api/auth/login",
    summary: t.auth.login,
    description: t.auth.loginDescription,
    tag: t.tags.auth,
    access: "public",
    body: apiLoginSchema,
    bodyExample: { email: sampleUser.email, password: "senha-segura" },
    answers: {
      200: {
        description: t.auth.loggedIn,
        data: signedInViewSchema,
        example: sample(sampleSignedIn, messages.auth.loginSuccess),
      },
      401: { description: t.auth.badCredentials },
      429: { description: t.auth.throttled },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/auth/register",
    summary: t.auth.register,
    description: t.auth.registerDescription,
    tag: t.tags.auth,
    access: "public",
    body: apiRegisterSchema,
    bodyExample: { name: sampleUser.name, email: sampleUser.email, password: "senha-segura" },
    answers: {
      201: {
        description: t.auth.registered,
        data: registeredViewSchema,
        example: sample(
          { user: { ...sampleUser, role: "user" }, token: sampleSignedIn.token },
          messages.auth.registerSuccess,
        ),
      },
      409: { description: t.auth.emailTaken },
      429: { description: t.auth.signupsThrottled },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/auth/logout",
    summary: t.auth.logout,
    description: t.auth.logoutDescription,
    tag: t.tags.auth,
    access: "signed-in",
    answers: {
      200: { description: t.auth.loggedOut, example: sample(null, messages.auth.logoutSuccess) },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/auth/profile",
    summary: t.auth.profile,
    description: t.auth.profileDescription,
    tag: t.tags.auth,
    access: "signed-in",
    answers: {
      200: {
        description: t.auth.profileFound,
        data: profileViewSchema,
        example: sample(sampleProfile),
      },
    },
  }),
  endpoint({
    method: "put",
    path: "/api/auth/profile",
    summary: t.auth.updateProfile,
    description: t.auth.updateProfileDescription,
    tag: t.tags.auth,
    access: "signed-in",
    body: apiProfileSchema,
    bodyExample: { name: sampleUser.name, email: sampleUser.email },
    answers: {
      200: {
        description: t.auth.profileUpdated,
        data: profileViewSchema,
        example: sample(sampleProfile, messages.profile.updated),
      },
      409: { description: t.customers.emailTaken },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/auth/forgot-password",
    summary: t.auth.forgot,
    description: t.auth.forgotDescription,
    tag: t.tags.auth,
    access: "public",
    body: apiForgotPasswordSchema,
    bodyExample: { email: sampleUser.email },
    answers: {
      200: { description: t.auth.forgotSent, example: sample(null, messages.passwordReset.sent) },
      403: { description: t.auth.crossSite },
      429: { description: t.auth.throttled },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/auth/reset-password",
    summary: t.auth.reset,
    description: t.auth.resetDescription,
    tag: t.tags.auth,
    access: "public",
    body: apiResetPasswordSchema,
    bodyExample: { token: "3b5d5c3712955042212316173ccf37be", password: "nova-senha-segura" },
    answers: {
      200: {
        description: t.auth.resetDone,
        data: signedInViewSchema,
        example: sample(sampleSignedIn, messages.passwordReset.resetSuccess),
      },
      403: { description: t.auth.crossSite },
    },
  }),
];

const customers: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/customers",
    summary: c.list,
    description: c.listDescription,
    tag: t.tags.customers,
    access: ADMIN,
    query: customerListQuerySchema,
    answers: {
      200: {
        description: c.listed,
        data: z.array(customerViewSchema),
        example: sample([sampleCustomer]),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/customers",
    summary: c.create,
    description: c.createDescription,
    tag: t.tags.customers,
    access: ADMIN,
    body: apiCustomerCreateSchema,
    bodyExample: {
      name: sampleCustomer.name,
      email: sampleCustomer.email,
      phone: sampleCustomer.phone,
      company: sampleCustomer.company,
      role: "premium",
      status: "active",
      notes: "",
    },
    answers: {
      201: {
        description: c.created,
        data: customerViewSchema,
        example: sample(
          { ...sampleCustomer, subscription: null, total_spent: 0 },
          messages.customerInvite.created(sampleCustomer.email),
        ),
      },
      409: { description: c.emailTaken },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/customers/statistics",
    summary: c.statistics,
    tag: t.tags.customers,
    access: ADMIN,
    answers: {
      200: {
        description: c.statisticsFound,
        data: customerStatisticsViewSchema,
        example: sample({
          total_customers: 128,
          active_customers: 117,
          subscribed_customers: 64,
          total_credits: 2300,
          total_revenue: 18942.5,
        }),
      },
    },
  }),
  endpoint({
    method: "get",
    path: customerPath,
    summary: c.get,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    answers: {
      200: { description: c.found, data: customerViewSchema, example: sample(sampleCustomer) },
      404: { description: c.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: customerPath,
    summary: c.update,
    description: c.updateDescription,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    body: customerEditBody,
    bodyExample: { phone: "(11) 91234-5678", role: "vip" },
    answers: {
      200: {
        description: c.updated,
        data: customerViewSchema,
        example: sample(sampleCustomer, messages.customersAdmin.updated),
      },
      404: { description: c.notFound },
      409: { description: c.emailTaken },
    },
  }),
  endpoint({
    method: "delete",
    path: customerPath,
    summary: c.remove,
    description: c.removeDescription,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: c.removed,
        data: customerViewSchema.nullable(),
        example: sample(null, messages.customersAdmin.deleted),
      },
      404: { description: c.notFound },
    },
  }),
  endpoint({
    method: "post",
    path: `${customerPath}/assign-plan`,
    summary: c.assignPlan,
    description: c.assignPlanDescription,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    body: apiAssignPlanSchema,
    bodyExample: { plan_id: 2, payment_method: "pix" },
    answers: {
      200: {
        description: c.planAssigned,
        data: customerViewSchema,
        example: sample(sampleCustomer, messages.customersAdmin.planAssigned),
      },
      404: { description: c.notFound },
    },
  }),
  endpoint({
    method: "post",
    path: `${customerPath}/cancel-subscription`,
    summary: c.cancel,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: c.cancelled,
        data: customerViewSchema,
        example: sample(
          {
            ...sampleCustomer,
            subscription: { ...sampleCustomer.subscription!, status: "cancelled" },
          },
          messages.customersAdmin.subscriptionCancelled,
        ),
      },
      404: { description: c.notFound },
      409: { description: c.noSubscription },
    },
  }),
  endpoint({
    method: "post",
    path: `${customerPath}/change-password`,
    summary: c.changePassword,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    body: apiChangePasswordSchema,
    bodyExample: { password: "nova-senha-segura" },
    answers: {
      200: {
        description: c.passwordChanged,
        example: sample(null, messages.customersAdmin.passwordChanged),
      },
      404: { description: c.notFound },
    },
  }),
  endpoint({
    method: "post",
    path: `${customerPath}/update-credits`,
    summary: c.credits,
    description: c.creditsDescription,
    tag: t.tags.customers,
    access: ADMIN,
    params: idParams,
    body: apiAddCreditsSchema,
    bodyExample: { credits_balance: 100 },
    answers: {
      200: {
        description: c.creditsAdded,
        data: customerViewSchema,
        example: sample(
          { ...sampleCustomer, credits_balance: 100 },
          messages.customersAdmin.creditsUpdated,
        ),
      },
      404: { description: c.notFound },
    },
  }),
];

export const accountsEndpoints: readonly Endpoint[] = [...auth, ...customers];
