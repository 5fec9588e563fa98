import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerView } from "~/api/views/customers";
import {
  createCustomer,
  customerCreatedMessage,
  getCustomerRow,
  listCustomers,
} from "~/models/accounts/index.server";
import { queryParams } from "~/schemas/search/api-search";
import { apiCustomerCreateSchema, customerListQuerySchema } from "~/schemas/accounts/customer";
import { ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

/**
 * GET /api/customers?q&status&role&page&per_page — `role` is the classification (customer, premium,
 * vip); one page (default 100) in `data`, the total in the X-Total-Count header.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const query = customerListQuerySchema.parse(queryParams(request));
  const page = listCustomers(query, { perPage: query.perPage });
  const response = ok(page.items.map(customerView));
  response.headers.set("X-Total-Count", String(page.total));
  return response;
}

/**
 * POST /api/customers {name, email, phone, company, role, status, notes, password?} — without a
 * password the customer is mailed a link to set one, and the message says so (ADR 0054).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: apiCustomerCreateSchema });
  const created = await createCustomer(body, user.id);
  if (!created.ok) return apiRefusal(created);
  const customer = getCustomerRow(created.value.id)!;
  return ok(customerView(customer), customerCreatedMessage(created.value), 201);
}
