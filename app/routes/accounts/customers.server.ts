import { customerView } from "~/api/views/customers";
import { getCustomer, getCustomerRow, type User } from "~/models/accounts/index.server";
import type { customerEditSchema } from "~/schemas/accounts/customer";
import { ok } from "~/server/api.server";
import type { Access } from "~/server/access";
import { apiRequest, type PathRecord } from "~/server/api-request.server";
import type { z } from "zod";
import * as messages from "~/messages";

/** What the admin's customer dialogs and /api/customers share about the customer a path names. */

/** The customer a path's `:id` names; an admin's id, like an unknown one, is not found. */
export function customerAt(id: string | undefined): PathRecord<User> {
  return { id, load: getCustomer, notFound: messages.customersAdmin.notFound };
}

/**
 * The start of an /api/customers/:id handler: `apiRequest` with the customer `id` names (404
 * when none) and the JSON body read through `body`, if any.
 */
export async function customerRequest<S extends z.ZodType | undefined = undefined>(
  request: Request,
  access: Access,
  id: string | undefined,
  body?: S | ((customer: User) => S),
) {
  const { record: customer, ...rest } = await apiRequest<User, S>(request, access, {
    record: customerAt(id),
    body,
  });
  return { ...rest, customer };
}

/** The customer's profile as the edit form shows it (empty text for none): the edit dialog's start, and what a PUT leaves out. */
export function customerFormValues(customer: User): z.input<typeof customerEditSchema> {
  return {
    name: customer.name,
    email: customer.email,
    phone: customer.phone ?? "",
    company: customer.company ?? "",
    customerType: customer.customerType,
    status: customer.status,
    notes: customer.notes ?? "",
  };
}

/** An /api/customers answer: the customer as the spec shows it, read afresh (after any change), and `message`. */
export function customerAnswer(customerId: number, message?: string): Response {
  return ok(customerView(getCustomerRow(customerId)!), message);
}
