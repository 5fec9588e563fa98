import type {
  CUSTOMER_TYPES as DB_CUSTOMER_TYPES,
  PAYMENT_METHODS as DB_PAYMENT_METHODS,
  PAYMENT_STATUSES as DB_PAYMENT_STATUSES,
  ROLES as DB_ROLES,
  USER_STATUSES as DB_USER_STATUSES,
} from "~db/schema";

/**
 * The fixed choices forms offer, kept here rather than imported from `~db/schema` so the browser
 * bundle stays free of the database schema (only its types are read: `satisfies` keeps both lists
 * equal). A plain module: importing it adds no form schema to a page (ADR 0015).
 */
export const CUSTOMER_TYPES = [
  "regular",
  "premium",
  "vip",
] as const satisfies typeof DB_CUSTOMER_TYPES;
export const CUSTOMER_STATUSES = [
  "active",
  "inactive",
  "suspended",
] as const satisfies typeof DB_USER_STATUSES;
export const PAYMENT_METHODS = [
  "credit_card",
  "bank_transfer",
  "pix",
  "cash",
] as const satisfies typeof DB_PAYMENT_METHODS;
/**
 * The ways a customer may choose to pay for a plan: cash is only for an admin assigning a plan
 * (admin spec, "Payment methods for plan assignment"); a customer picking it would get an invoice
 * nothing can pay. In the order the plan dialog offers them.
 */
export const CUSTOMER_PAYMENT_METHODS = [
  "credit_card",
  "pix",
  "bank_transfer",
] as const satisfies readonly PaymentMethodValue[];
export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
  "expired",
] as const satisfies typeof DB_PAYMENT_STATUSES;
export type Role = (typeof DB_ROLES)[number];
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type PaymentMethodValue = (typeof PAYMENT_METHODS)[number];

/** The dashboard's period selector (/admin?period=). */
export const DASHBOARD_PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
