import { z } from "zod";
import * as messages from "~/messages";
import { isValidCpf } from "~/utils/cpf";
import { PAYMENT_STATUSES } from "../choices";
import { LIST_SEARCH_MAX } from "../fields";

/** The payment forms, shared by the screens (Conform) and the /api routes. */

const m = messages.payments;

/** What the CPF box takes: the eleven digits with their mask and a few stray spaces. */
export const CPF_INPUT_MAX = 20;
/** A gateway's key, token or secret. */
export const GATEWAY_KEY_MAX = 300;
export const NOTIFICATION_URL_MAX = 500;

/** "Gerar QR Code": the payer's CPF, with or without its mask. */
export const pixRequestSchema = z.object({
  cpf: z
    .string({ error: m.invalidCpf })
    .trim()
    .refine((value) => isValidCpf(value), { error: m.invalidCpf }),
});

/** POST /api/payments/paghiper/pix {plan_id, description, payer_document}. */
export const apiPixSchema = z.object({
  plan_id: z.coerce
    .number({ error: messages.planChange.invalidPlanId })
    .int({ error: messages.planChange.invalidPlanId })
    .positive({ error: messages.planChange.invalidPlanId }),
  description: z.string().max(200).optional(),
  payer_document: z
    .string({ error: m.invalidCpf })
    .trim()
    .refine((value) => isValidCpf(value), { error: m.invalidCpf }),
});

const optionalUrl = z
  .string()
  .trim()
  .max(NOTIFICATION_URL_MAX)
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), {
    error: m.invalidUrl,
  })
  .optional()
  .transform((value) => value ?? "");

/** Secret fields left blank keep what is stored: the form never carries the secret back. */
const secret = z
  .string()
  .trim()
  .max(GATEWAY_KEY_MAX)
  .optional()
  .transform((value) => value ?? "");

export const mercadoPagoConfigSchema = z.object({
  publicKey: z
    .string()
    .trim()
    .max(GATEWAY_KEY_MAX)
    .optional()
    .transform((value) => value ?? ""),
  accessToken: secret,
  webhookSecret: secret,
  sandboxMode: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  notificationUrl: optionalUrl,
});

export const pagHiperConfigSchema = z.object({ apiKey: secret, token: secret });

/** "Testar conexão" of Mercado Pago: a token typed now, or the stored one when left blank. */
export const mercadoPagoTestSchema = z.object({ accessToken: secret });

/** The admin list's filters, read from the URL. */
export const invoiceFiltersSchema = z.object({
  q: z.string().trim().max(LIST_SEARCH_MAX).optional().catch(undefined),
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  dateFrom: z.iso.date().optional().catch(undefined),
  dateTo: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().positive().optional().catch(undefined),
});

/** PATCH /api/payments/:id {status}. */
export const paymentStatusSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: m.invalidStatus }),
});
