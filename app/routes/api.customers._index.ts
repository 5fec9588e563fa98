import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/models/api-views.server";
import { createCustomer, getCustomerRow, listCustomers } from "~/models/customer.server";
import { EmailTakenError } from "~/models/user.server";
import { queryParams } from "~/schemas/api-search";
import { apiCustomerCreateSchema, customerListQuerySchema } from "~/schemas/customer";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth.server";
import { messages } from "~/utils/messages";

const m = messages.customersAdmin;

/**
 * GET /api/customers?q&status&role&page&per_page — `role` is the classification (customer, premium,
 * vip); one page (default 100) in `data`, the total in the X-Total-Count header.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, ["admin"]);
  const query = customerListQuerySchema.parse(queryParams(request));
  const page = listCustomers(query, { perPage: query.perPage });
  const response = ok(page.items.map(customerView));
  response.headers.set("X-Total-Count", String(page.total));
  return response;
}

/** POST /api/customers {name, email, phone, company, role, status, notes, password} */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiUser(request, ["admin"]);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await parseJsonBody(request, apiCustomerCreateSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const customer = await createCustomer(parsed.value, user.id);
    return ok(customerView(getCustomerRow(customer.id)!), m.created, 201);
  } catch (error) {
    if (error instanceof EmailTakenError)
      return fail(messages.auth.emailTaken, 400, { email: [messages.auth.emailTaken] });
    throw error;
  }
}
