import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { pagHiperGatewayView } from "~/api/views/payments";
import {
  maskedGatewayConfigs,
  publicOrigin,
  savePagHiperConfig,
} from "~/models/payments/index.server";
import { asText, compact, jsonObject } from "~/schemas/json-body";
import { pagHiperConfigSchema } from "~/schemas/payments/payments";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.payments;

/**
 * {api_key, token}, at the top level or under `config_data` (the shape GET answers). A credential
 * left out or blank keeps the stored one; a body that is not an object, or names neither, is a 400.
 */
const apiPagHiperSchema = z
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
  );

const FIELD_NAMES: Record<string, string> = { apiKey: "api_key", token: "token" };

function view() {
  const origin = publicOrigin() ?? "";
  return pagHiperGatewayView(maskedGatewayConfigs().paghiper, `${origin}/api/webhooks/paghiper`);
}

/** GET /api/payment-gateways/paghiper — `data.config_data` with api_key and token masked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(view());
}

/** POST /api/payment-gateways/paghiper {api_key, token} — saves them (encrypted at rest). */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiPagHiperSchema });
  const saved = savePagHiperConfig(body, user.id);
  if (!saved.ok) return apiRefusal(saved, { fieldName: (f) => FIELD_NAMES[f] ?? f });
  return ok(view(), m.gatewaySaved);
}
