import { z } from "zod";
import * as messages from "~/messages";
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  PAYMENT_METHODS,
  type CustomerStatus,
  type CustomerType,
  type PaymentMethodValue,
} from "../choices";
import {
  emailField,
  LIST_SEARCH_MAX,
  normalizeEmail,
  passwordField,
  passwordPair,
} from "../fields";
import { asText, compact, jsonObject } from "../json-body";

const m = messages.customersAdmin;

export * from "../choices";

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_PHONE_MAX = 30;
export const CUSTOMER_COMPANY_MAX = 120;
export const CUSTOMER_NOTES_MAX = 1000;
/** The most credits one grant may add: a typo guard. */
export const CREDITS_GRANT_MAX = 1_000_000;

const text = z.string().optional();
const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  values.some((v) => v === value);

type Ctx = z.RefinementCtx;

function checkLength(
  ctx: Ctx,
  value: string | undefined,
  path: string,
  label: string,
  max: number,
) {
  if ((value?.trim().length ?? 0) > max)
    ctx.addIssue({ code: "custom", path: [path], message: m.tooLong(label, max) });
}

const profileFields = {
  name: text,
  email: text,
  phone: text,
  company: text,
  customerType: text,
  status: text,
  notes: text,
};

function checkProfile(value: { [K in keyof typeof profileFields]?: string }, ctx: Ctx) {
  if (!value.name?.trim())
    ctx.addIssue({ code: "custom", path: ["name"], message: m.nameAndEmailRequired });
  emailField(ctx, value.email, { required: m.nameAndEmailRequired, invalid: m.invalidEmail });
  checkLength(ctx, value.name, "name", m.fields.name, CUSTOMER_NAME_MAX);
  checkLength(ctx, value.phone, "phone", m.fields.phone, CUSTOMER_PHONE_MAX);
  checkLength(ctx, value.company, "company", m.fields.company, CUSTOMER_COMPANY_MAX);
  checkLength(ctx, value.notes, "notes", m.fields.notes, CUSTOMER_NOTES_MAX);
  if (value.customerType && !isOneOf(CUSTOMER_TYPES, value.customerType))
    ctx.addIssue({ code: "custom", path: ["customerType"], message: m.invalidType });
  if (value.status && !isOneOf(CUSTOMER_STATUSES, value.status))
    ctx.addIssue({ code: "custom", path: ["status"], message: m.invalidStatus });
}

function profileValue(value: { [K in keyof typeof profileFields]?: string }) {
  return {
    name: value.name!.trim(),
    email: normalizeEmail(value.email!),
    phone: value.phone?.trim() || null,
    company: value.company?.trim() || null,
    customerType: (value.customerType || "regular") as CustomerType,
    status: (value.status || "active") as CustomerStatus,
    notes: value.notes?.trim() || null,
  };
}

/** Edit a customer (/customers/:id/edit, PUT /api/customers/:id). */
export const customerEditSchema = z
  .object(profileFields)
  .superRefine(checkProfile)
  .transform(profileValue);
export type CustomerProfileInput = z.output<typeof customerEditSchema>;

/**
 * New customer: the profile, and an initial password only if the admin chooses one (then tells it
 * to the customer); without one (`null`) the customer is mailed a link to set it (ADR 0054).
 */
export const customerCreateSchema = z
  .object({ ...profileFields, password: text })
  .superRefine((value, ctx) => {
    checkProfile(value, ctx);
    if (value.password) passwordField(ctx, value.password, { tooShort: m.passwordMin });
  })
  .transform((value) => ({ ...profileValue(value), password: value.password || null }));
export type CustomerCreateInput = z.output<typeof customerCreateSchema>;

/** Credits to add: a whole number above zero. */
export const addCreditsSchema = z
  .object({ amount: text })
  .superRefine((value, ctx) => {
    const amount = value.amount?.trim() ?? "";
    if (!/^\d{1,7}$/.test(amount) || Number(amount) <= 0 || Number(amount) > CREDITS_GRANT_MAX)
      ctx.addIssue({ code: "custom", path: ["amount"], message: m.invalidCredits });
  })
  .transform((value) => ({ amount: Number(value.amount!.trim()) }));

export const assignPlanSchema = z
  .object({ planId: text, paymentMethod: text })
  .superRefine((value, ctx) => {
    const id = value.planId?.trim() ?? "";
    if (!/^\d{1,12}$/.test(id) || Number(id) <= 0)
      ctx.addIssue({ code: "custom", path: ["planId"], message: m.selectPlan });
    if (value.paymentMethod && !isOneOf(PAYMENT_METHODS, value.paymentMethod))
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: m.invalidPaymentMethod });
  })
  .transform((value) => ({
    planId: Number(value.planId!.trim()),
    paymentMethod: (value.paymentMethod || "credit_card") as PaymentMethodValue,
  }));

/** The spec's order: required, then length, then the confirmation. */
export const changePasswordSchema = z
  .object({ password: text, confirmPassword: text })
  .superRefine((value, ctx) => {
    passwordPair(
      ctx,
      { password: value.password, confirmation: value.confirmPassword },
      {
        required: m.passwordRequired,
        tooShort: m.passwordMin,
        mismatch: m.passwordsDontMatch,
        lengthFirst: true,
      },
    );
  })
  .transform((value) => ({ password: value.password! }));

// --- JSON API ---------------------------------------------------------------------------------

/** The spec's customer `role` is the classification: "customer" is shown as Regular. */
export function customerTypeFromRole(role: string | undefined): string | undefined {
  return role === "customer" ? "regular" : role;
}

function apiProfileFields(source: Record<string, unknown>) {
  return compact({
    name: asText(source.name),
    email: asText(source.email),
    phone: asText(source.phone),
    company: asText(source.company),
    customerType: customerTypeFromRole(asText(source.customer_type) ?? asText(source.role)),
    status: asText(source.status),
    notes: asText(source.notes),
  });
}

/** POST /api/customers: {name, email, phone, company, role (customer|premium|vip), status, notes, password?}. */
export const apiCustomerCreateSchema = z
  .unknown()
  .transform((body) => {
    const source = jsonObject(body);
    return { ...apiProfileFields(source), ...compact({ password: asText(source.password) }) };
  })
  .pipe(customerCreateSchema);

/** PUT /api/customers/:id: fields left out keep their saved values (`base`). */
export function apiCustomerEditSchema(base: z.input<typeof customerEditSchema>) {
  return z
    .unknown()
    .transform((body) => ({ ...base, ...apiProfileFields(jsonObject(body)) }))
    .pipe(customerEditSchema);
}

/** POST /api/customers/:id/update-credits: the spec sends the amount to ADD as credits_balance. */
export const apiAddCreditsSchema = z
  .unknown()
  .transform((body) => {
    const source = jsonObject(body);
    return compact({ amount: asText(source.credits_balance) ?? asText(source.amount) });
  })
  .pipe(addCreditsSchema);

export const apiAssignPlanSchema = z
  .unknown()
  .transform((body) => {
    const source = jsonObject(body);
    return compact({
      planId: asText(source.plan_id),
      paymentMethod: asText(source.payment_method),
    });
  })
  .pipe(assignPlanSchema);

/** The API has no confirmation field. */
export const apiChangePasswordSchema = z
  .unknown()
  .transform((body) => {
    const password = asText(jsonObject(body).password);
    return compact({ password, confirmPassword: password });
  })
  .pipe(changePasswordSchema);

/** GET /customers and GET /api/customers: ?q&status&type&page (the API also reads `role` for the type, and per_page). */
export const customerListQuerySchema = z
  .object({
    q: z.string().optional(),
    status: z.string().optional(),
    type: z.string().optional(),
    role: z.string().optional(),
    page: z.string().optional(),
    per_page: z.string().optional(),
  })
  .transform((value) => {
    const type = customerTypeFromRole(value.type || value.role) ?? "";
    const page = /^\d{1,6}$/.test(value.page ?? "") ? Math.max(1, Number(value.page)) : 1;
    return {
      q: value.q?.trim().slice(0, LIST_SEARCH_MAX) ?? "",
      status: isOneOf(CUSTOMER_STATUSES, value.status ?? "")
        ? (value.status as CustomerStatus)
        : undefined,
      type: isOneOf(CUSTOMER_TYPES, type) ? type : undefined,
      page,
      /** API only: 1–100, default 100. */
      perPage: /^\d{1,3}$/.test(value.per_page ?? "")
        ? Math.min(100, Math.max(1, Number(value.per_page)))
        : 100,
    };
  });
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
