import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import {
  deleteCustomer,
  getCustomer,
  getCustomerRow,
  updateCustomer,
  type User,
} from "~/models/accounts/index.server";
import { apiCustomerEditSchema } from "~/schemas/customer";
import { ok } from "~/server/api.server";
import { apiRequest, type PathRecord } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.customersAdmin;

const customerAt = (id: string | undefined): PathRecord<User> => ({
  id,
  load: getCustomer,
  notFound: m.notFound,
});

/** GET /api/customers/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: customer } = await apiRequest(request, access, { record: customerAt(params.id) });
  return ok(customerView(getCustomerRow(customer.id)!));
}

/** What a PUT leaves out keeps the customer's value. */
const editSchemaFor = (customer: User) =>
  apiCustomerEditSchema({
    name: customer.name,
    email: customer.email,
    phone: customer.phone ?? "",
    company: customer.company ?? "",
    customerType: customer.customerType,
    status: customer.status,
    notes: customer.notes ?? "",
  });

/**
 * PUT /api/customers/:id {name, email, phone, company, role, status, notes} — fields left out keep
 * their values. DELETE — a customer with invoices is deactivated instead, and the message says so.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const { user, record: customer } = await apiRequest(request, access, {
      record: customerAt(params.id),
    });
    const { outcome } = deleteCustomer(customer.id, user.id);
    if (outcome === "deleted") return ok(null, m.deleted);
    return ok(customerView(getCustomerRow(customer.id)!), m.deactivatedInsteadOfDeleted);
  }
  const { user, record: customer, body } = await apiRequest(request, access, {
    record: customerAt(params.id),
    body: editSchemaFor,
  });
  const saved = updateCustomer(customer.id, body, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return ok(customerView(getCustomerRow(customer.id)!), m.updated);
}
