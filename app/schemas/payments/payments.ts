import { z } from "zod";
import * as messages from "~/messages";
import { CPF_INPUT_MAX, isValidCpf } from "~/utils/cpf";
import { PAYMENT_STATUSES } from "../choices";
import { LIST_SEARCH_MAX } from "../fields";
import { asText, compact, jsonBodyShape, jsonObject } from "../json-body";

/** The payment forms, shared by the screens (Conform) and the /api routes. */

const m = messages.payments;

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

// --- JSON API ---------------------------------------------------------------------------------

/**
 * POST /api/payments/paghiper/pix: the body's fields as text (anything else counts as missing);
 * the description is only a label.
 */
export const apiPixBodySchema = z
  .unknown()
  .transform((body) => {
    const source = jsonObject(body);
    // Missing fields reach the schema as missing, for its own pt-BR messages.
    return compact({
      plan_id: asText(source.plan_id),
      description: asText(source.description)?.slice(0, 200),
      payer_document: asText(source.payer_document),
    }) as z.input<typeof apiPixSchema>;
  })
  .pipe(apiPixSchema)
  .meta(
    jsonBodyShape(
      {
        plan_id: { type: "integer", minimum: 1 },
        description: { type: "string", maxLength: 200 },
        payer_document: { type: "string", maxLength: CPF_INPUT_MAX },
      },
      ["plan_id", "payer_document"],
    ),
  );

/** PATCH /api/payments/:id {status}: anything but an object, or a status that is not one, is a 400. */
export const apiPaymentStatusSchema = z
  .unknown()
  .transform((body) => compact({ status: asText(jsonObject(body).status) }))
  .pipe(paymentStatusSchema)
  .meta(jsonBodyShape({ status: { type: "string", enum: [...PAYMENT_STATUSES] } }, ["status"]));

/** GET /api/payments?status&q&date_from&date_to&page: the admin list's filters under the API's names. */
export const apiInvoiceListQuerySchema = z
  .object({
    q: z.string().optional(),
    status: z.string().optional(),
    date_from: z.string().optional(),
    date_to: z.string().optional(),
    page: z.string().optional(),
  })
  // Each filter's own rule decides (one that does not read is left out, as on the screen).
  .transform(
    (query) =>
      ({
        q: query.q,
        status: query.status,
        dateFrom: query.date_from,
        dateTo: query.date_to,
        page: query.page,
      }) as z.input<typeof invoiceFiltersSchema>,
  )
  .pipe(invoiceFiltersSchema);

/** "Testar conexão" of Mercado Pago {access_token?}: a token typed now, or the stored one. */
const apiMercadoPagoTestFields = z.object({
  access_token: mercadoPagoTestSchema.shape.accessToken,
});
export const apiMercadoPagoTestSchema = z
  .unknown()
  .transform((body): z.input<typeof apiMercadoPagoTestFields> => ({
    access_token: asText(jsonObject(body).access_token),
  }))
  .pipe(apiMercadoPagoTestFields)
  .meta(jsonBodyShape({ access_token: { type: "string" }, sandbox_mode: { type: "boolean" } }));

/** The API's snake_case names of Mercado Pago's config fields. */
export const MERCADOPAGO_API_FIELDS: Record<string, string> = {
  publicKey: "public_key",
  accessToken: "access_token",
  webhookSecret: "webhook_secret",
  sandboxMode: "sandbox_mode",
  notificationUrl: "notification_url",
};

const sandboxValue = z.union([z.boolean(), z.enum(["true", "false", "on"])], {
  error: m.invalidSandboxMode,
});

const mpShape = mercadoPagoConfigSchema.shape;
/** The config schema's rules under the API's names, so `errors` names the fields as sent. */
const apiMercadoPagoFields = z
  .object({
    public_key: mpShape.publicKey,
    access_token: mpShape.accessToken,
    webhook_secret: mpShape.webhookSecret,
    sandbox_mode: mpShape.sandboxMode,
    notification_url: mpShape.notificationUrl,
  })
  .transform((value) => ({
    publicKey: value.public_key,
    accessToken: value.access_token,
    webhookSecret: value.webhook_secret,
    sandboxMode: value.sandbox_mode,
    notificationUrl: value.notification_url,
  }));

const mercadoPagoBodyShape = {
  public_key: { type: "string", maxLength: GATEWAY_KEY_MAX },
  access_token: { type: "string", maxLength: GATEWAY_KEY_MAX },
  webhook_secret: { type: "string", maxLength: GATEWAY_KEY_MAX },
  sandbox_mode: { type: "boolean" },
  notification_url: { type: "string", maxLength: NOTIFICATION_URL_MAX },
};

/**
 * POST /api/payment-gateways/mercadopago {public_key, access_token, webhook_secret, sandbox_mode,
 * notification_url} — at the top level or under `config_data`. A field left out keeps its saved
 * value (a secret left blank too); the spec's `webhook_url` is where Mercado Pago notifies us,
 * which the app knows, so it is not read. A body that is not an object, or names none of the
 * fields, is a 400.
 */
export function apiMercadoPagoConfigSchema(saved: {
  publicKey: string;
  sandboxMode: boolean;
  notificationUrl: string;
}) {
  return z
    .unknown()
    .transform((body, ctx): z.input<typeof apiMercadoPagoFields> => {
      const top = jsonObject(body);
      const source = { ...jsonObject(top.config_data), ...top };
      if (Object.values(MERCADOPAGO_API_FIELDS).every((name) => source[name] === undefined)) {
        ctx.addIssue({ code: "custom", message: m.nothingToSave });
        return z.NEVER;
      }
      const sandbox = sandboxValue.optional().safeParse(source.sandbox_mode ?? undefined);
      if (!sandbox.success) {
        ctx.addIssue({ code: "custom", path: ["sandbox_mode"], message: m.invalidSandboxMode });
        return z.NEVER;
      }
      return {
        public_key: asText(source.public_key) ?? saved.publicKey,
        access_token: asText(source.access_token),
        webhook_secret: asText(source.webhook_secret),
        sandbox_mode: sandbox.data ?? saved.sandboxMode,
        notification_url: asText(source.notification_url) ?? saved.notificationUrl,
      };
    })
    .pipe(apiMercadoPagoFields)
    .meta(jsonBodyShape(mercadoPagoBodyShape));
}

/** The API's names of PagHiper's credentials. */
export const PAGHIPER_API_FIELDS: Record<string, string> = { apiKey: "api_key", token: "token" };

/**
 * POST /api/payment-gateways/paghiper {api_key, token}, at the top level or under `config_data`
 * (the shape GET answers). A credential left out or blank keeps the stored one; a body that is not
 * an object, or names neither, is a 400.
 */
export const apiPagHiperConfigSchema = z
  .unknown()
  .transform((body, ctx) => {
    const top = jsonObject(body);
    const source = { ...jsonObject(top.config_data), ...top };
    const given = compact({ api_key: asText(source.api_key), token: asText(source.token) });
    if (Object.keys(given).length === 0) {
      ctx.addIssue({ code: "custom", message: m.nothingToSave });
      return z.NEVER;
    }
    return given;
  })
  .pipe(
    z
      .object({
        api_key: pagHiperConfigSchema.shape.apiKey,
        token: pagHiperConfigSchema.shape.token,
      })
      .transform((value) => ({ apiKey: value.api_key, token: value.token })),
  )
  .meta(
    jsonBodyShape({
      api_key: { type: "string", maxLength: GATEWAY_KEY_MAX },
      token: { type: "string", maxLength: GATEWAY_KEY_MAX },
    }),
  );
