import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { latestPaidReceipt } from "~/models/payments/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

/**
 * GET /profile/receipt — "Baixar Fatura": on to the receipt of the user's latest paid invoice or,
 * with none, back to the subscription tab with a notice.
 */
export const access: Access = "signed-in";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const receipt = latestPaidReceipt(user.id);
  if (!receipt) {
    return redirectWithToast("/profile?tab=assinatura", {
      type: "info",
      message: messages.receipt.noPaidInvoice,
    });
  }
  return redirect(`/invoices/${receipt.paymentId}/receipt`, {
    headers: { "Cache-Control": "private, no-store" },
  });
}
