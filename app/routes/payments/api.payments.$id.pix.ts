import type { LoaderFunctionArgs } from "@remix-run/node";
import { pixView } from "~/api/views/payments";
import { invoiceFor, pixChargeOf } from "~/models/payments/index.server";
import { parsePathId } from "~/schemas/search/api-search";
import { ok } from "~/server/api.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

/** The owner or an admin; anyone else is told the invoice does not exist. */
export const access: Access = { GET: "signed-in" };

/**
 * GET /api/payments/:id/pix — the invoice's PIX (code, QR image as bare base64, amount, expiry,
 * status); 404 when no PIX was generated for it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const found = invoiceFor(user, parsePathId(params.id) ?? 0);
  if (!found.ok) return apiRefusal(found);
  const charge = pixChargeOf(found.value);
  if (!charge) return apiRefuse("not_found", messages.payments.noPix);
  return ok(pixView(charge));
}
