import type { LoaderFunctionArgs } from "@remix-run/node";
import { paidReceipt } from "~/models/payments/index.server";
import { requireAccess } from "~/server/guard.server";
import { recordOr404 } from "~/server/responses.server";
import type { Access } from "~/server/access";
import { renderReceiptPdf } from "~/utils/receipt-pdf.server";
import * as messages from "~/messages";

/**
 * GET /invoices/:id/receipt — the PDF receipt of a paid invoice, as a download (ADR 0018). The
 * owner or an admin gets it; another customer gets the same 404 as for an invoice that does not
 * exist or is not paid.
 */
export const access: Access = "signed-in";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const receipt = recordOr404(params.id, (id) => paidReceipt(id, user), messages.receipt.notFound);
  const pdf = await renderReceiptPdf(receipt);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${messages.receipt.fileName(receipt.number)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
