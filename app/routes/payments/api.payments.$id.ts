import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { invoiceAdminView, myInvoiceView, myTransferInvoiceView } from "~/api/views/payments";
import {
  bankTransferDetails,
  getInvoiceRow,
  invoiceFor,
  isBankTransferInvoice,
  setPaymentStatusByAdmin,
} from "~/models/payments/index.server";
import { parsePathId } from "~/schemas/search/api-search";
import { apiPaymentStatusSchema } from "~/schemas/payments/payments";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

/** Reading: the owner or an admin (anyone else is told it does not exist). Changing: admins. */
export const access: Access = { GET: "signed-in", PATCH: ["admin"] };

const m = messages.payments;

/**
 * GET /api/payments/:id — the invoice; the admin's view adds the customer. A pending invoice its
 * owner chose to pay by transfer adds `bank_transfer` (where to send the money, with the reference).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const found = invoiceFor(user, parsePathId(params.id) ?? 0);
  if (!found.ok) return apiRefusal(found);
  const row = getInvoiceRow(found.value.id)!;
  if (user.role === "admin") return ok(invoiceAdminView(row));
  const transfer =
    row.status === "pending" && isBankTransferInvoice(row) ? bankTransferDetails() : null;
  return ok(transfer ? myTransferInvoiceView(row, transfer) : myInvoiceView(row));
}

/**
 * PATCH /api/payments/:id {status} — an admin sets the status by hand ("Marcar pago" sends
 * `approved`, which starts the plan), through the same rules as the providers' reports: an
 * approved invoice only goes on to refunded, a refunded one stays.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record, body } = await apiRequest(request, access, {
    record: { id: params.id, load: getInvoiceRow, notFound: m.invoiceNotFound },
    body: apiPaymentStatusSchema,
  });
  const id = record.id;
  const saved = setPaymentStatusByAdmin(id, body.status, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return ok(
    invoiceAdminView(getInvoiceRow(id)!),
    m.statusSaved(record.externalReference, saved.value.status),
  );
}
