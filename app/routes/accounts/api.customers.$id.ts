import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import { deleteCustomer, getCustomer, getCustomerRow, updateCustomer } from "~/models/accounts/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiCustomerEditSchema } from "~/schemas/customer";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.customersAdmin;

function findCustomer(raw: string | undefined) {
  const id = parsePathId(raw);
  return id === null ? undefined : getCustomer(id);
}

/** GET /api/customers/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const customer = findCustomer(params.id);
  if (!customer) return fail(m.notFound, 404);
  return ok(customerView(getCustomerRow(customer.id)!));
}

/**
 * PUT /api/customers/:id {name, email, phone, company, role, status, notes} — fields left out keep
 * their values. DELETE — a customer with invoices is deactivated instead, and the message says so.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const customer = findCustomer(params.id);
  if (!customer) return fail(m.notFound, 404);

  if (request.method === "DELETE") {
    const { outcome } = deleteCustomer(customer.id, user.id);
    if (outcome === "deleted") return ok(null, m.deleted);
    return ok(customerView(getCustomerRow(customer.id)!), m.deactivatedInsteadOfDeleted);
  }

  const base = {
    name: customer.name,
    email: customer.email,
    phone: customer.phone ?? "",
    company: customer.company ?? "",
    customerType: customer.customerType,
    status: customer.status,
    notes: customer.notes ?? "",
  };
  const parsed = await parseJsonBody(request, apiCustomerEditSchema(base));
  if (!parsed.ok) return parsed.response;
  const saved = updateCustomer(customer.id, parsed.value, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return ok(customerView(getCustomerRow(customer.id)!), m.updated);
}
