import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { mercadoPagoGatewayView } from "~/api/views/payments";
import {
  maskedGatewayConfigs,
  publicOrigin,
  saveMercadoPagoConfig,
} from "~/models/payments/index.server";
import { asText, jsonObject } from "~/schemas/json-body";
import { mercadoPagoConfigSchema } from "~/schemas/payments/payments";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.payments;

/** The API's snake_case names of the config's fields. */
const FIELD_NAMES: Record<string, string> = {
  publicKey: "public_key",
  accessToken: "access_token",
  webhookSecret: "webhook_secret",
  sandboxMode: "sandbox_mode",
  notificationUrl: "notification_url",
};

const sandboxValue = z.union([z.boolean(), z.enum(["true", "false", "on"])], {
  error: m.invalidSandboxMode,
});

const shape = mercadoPagoConfigSchema.shape;
/** The config schema's rules under the API's names, so `errors` names the fields as sent. */
const apiFields = z
  .object({
    public_key: shape.publicKey,
    access_token: shape.accessToken,
    webhook_secret: shape.webhookSecret,
    sandbox_mode: shape.sandboxMode,
    notification_url: shape.notificationUrl,
  })
  .transform((value) => ({
    publicKey: value.public_key,
    accessToken: value.access_token,
    webhookSecret: value.webhook_secret,
    sandboxMode: value.sandbox_mode,
    notificationUrl: value.notification_url,
  }));

/**
 * {public_key, access_token, webhook_secret, sandbox_mode, notification_url} — at the top level or
 * under `config_data`. A field left out keeps its saved value (a secret left blank too); the
 * spec's `webhook_url` is where Mercado Pago notifies us, which the app knows, so it is not read.
 * A body that is not an object, or names none of the fields, is a 400.
 */
function apiMercadoPagoSchema(saved: ReturnType<typeof maskedGatewayConfigs>["mercadopago"]) {
  return z
    .unknown()
    .transform((body, ctx): z.input<typeof apiFields> => {
      const top = jsonObject(body);
      const source = { ...jsonObject(top.config_data), ...top };
      if (Object.values(FIELD_NAMES).every((name) => source[name] === undefined)) {
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
    .pipe(apiFields);
}

/**
 * POST /api/payment-gateways/mercadopago — saves Mercado Pago's settings (secrets encrypted at
 * rest) and answers them as GET /api/payment-gateways does, secrets masked.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, {
    // The saved settings are read once the caller is known: fields left out keep them.
    body: () => apiMercadoPagoSchema(maskedGatewayConfigs().mercadopago),
  });
  const saved = saveMercadoPagoConfig(body, user.id);
  if (!saved.ok) return apiRefusal(saved, { fieldName: (f) => FIELD_NAMES[f] ?? f });
  const origin = publicOrigin() ?? "";
  return ok(
    mercadoPagoGatewayView(
      maskedGatewayConfigs().mercadopago,
      `${origin}/api/webhooks/mercadopago`,
    ),
    m.gatewaySaved,
  );
}

export const loader = () => methodNotAllowed();
