import { invoiceFor } from "~/models/payments/index.server";
import type { Access } from "~/server/access";
import { requireAccess } from "~/server/guard.server";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";

/**
 * The invoice a dialog of /invoices acts on: the signed-in customer's own. Another customer's
 * answers the same 404 as one that does not exist.
 */
export async function loadViewerInvoice(
  request: Request,
  access: Access,
  rawId: string | undefined,
) {
  const user = await requireAccess(request, access);
  const invoice = recordOr404(
    rawId,
    (id) => {
      const found = invoiceFor(user, id);
      return found.ok ? found.value : undefined;
    },
    messages.payments.invoiceNotFound,
  );
  return { user, invoice };
}
