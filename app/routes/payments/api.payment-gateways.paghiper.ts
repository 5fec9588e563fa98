import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pagHiperGatewayView } from "~/api/views/payments";
import {
  maskedGatewayConfigs,
  publicOrigin,
  savePagHiperConfig,
} from "~/models/payments/index.server";
import { apiPagHiperConfigSchema, PAGHIPER_API_FIELDS } from "~/schemas/payments/payments";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.payments;

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
  const { user, body } = await apiRequest(request, access, { body: apiPagHiperConfigSchema });
  const saved = savePagHiperConfig(body, user.id);
  if (!saved.ok) return apiRefusal(saved, { fieldName: (f) => PAGHIPER_API_FIELDS[f] ?? f });
  return ok(view(), m.gatewaySaved);
}
