import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCustomer, updateCustomer, type User } from "~/models/accounts/index.server";
import { apiCustomerEditSchema } from "~/schemas/accounts/customer";
import { ok } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerAnswer, customerFormValues, customerRequest } from "./customers.server";

export const access: Access = { GET: ["admin"], PUT: ["admin"], DELETE: ["admin"] };

const m = messages.customersAdmin;

/** GET /api/customers/:id */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { customer } = await customerRequest(request, access, params.id);
  return customerAnswer(customer.id);
}

/** What a PUT leaves out keeps the customer's value. */
const editSchemaFor = (customer: User) => apiCustomerEditSchema(customerFormValues(customer));

/**
 * PUT /api/customers/:id {name, email, phone, company, role, status, notes} — fields left out keep
 * their values. DELETE — a customer with invoices is deactivated instead, and the message says so.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const { user, customer } = await customerRequest(request, access, params.id);
    const { outcome } = deleteCustomer(customer.id, user.id);
    if (outcome === "deleted") return ok(null, m.deleted);
    return customerAnswer(customer.id, m.deactivatedInsteadOfDeleted);
  }
  const { user, customer, body } = await customerRequest(request, access, params.id, editSchemaFor);
  const saved = updateCustomer(customer.id, body, user.id);
  if (!saved.ok) return apiRefusal(saved);
  return customerAnswer(customer.id, m.updated);
}
