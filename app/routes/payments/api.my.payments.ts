import type { LoaderFunctionArgs } from "@remix-run/node";
import { myInvoiceView } from "~/api/views/payments";
import { listUserInvoices } from "~/models/payments/index.server";
import { ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

/** Anyone signed in has invoices of their own to read (an admin's list is usually empty). */
export const access: Access = { GET: "signed-in" };

/** GET /api/my/payments — the caller's own invoices, newest first ("Minhas Faturas"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  return ok(listUserInvoices(user.id).map(myInvoiceView));
}
