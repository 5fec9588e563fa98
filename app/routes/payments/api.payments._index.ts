import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePageView } from "~/api/views/payments";
import { listInvoices } from "~/models/payments/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { apiInvoiceListQuerySchema } from "~/schemas/payments/payments";
import { ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/payments?status&q&date_from&date_to&page — every customer's invoices ("Faturas
 * (Admin)"), newest first, 20 a page. `q` searches the reference, the provider's payment id, the
 * customer's name and e-mail (and `#id`); dates are São Paulo days, both included. A filter that
 * does not read (an unknown status, a date that is not YYYY-MM-DD) is left out, as on the screen.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const filters = apiInvoiceListQuerySchema.parse(queryParams(request));
  return ok(invoicePageView(listInvoices(filters)));
}
