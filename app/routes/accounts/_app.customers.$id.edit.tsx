import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { getCustomer, updateCustomer } from "~/models/accounts/index.server";
import { customerEditSchema } from "~/schemas/customer";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

const customerOr404 = (raw: string | undefined) => recordOr404(raw, getCustomer, m.notFound);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.editTitle(data.name) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const customer = customerOr404(params.id);
  return {
    name: customer.name,
    values: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone ?? "",
      company: customer.company ?? "",
      customerType: customer.customerType,
      status: customer.status,
      notes: customer.notes ?? "",
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const customer = customerOr404(params.id);
  return submitDialogForm(request, {
    schema: customerEditSchema,
    save: (value) => updateCustomer(customer.id, value, admin.id),
    back: "/customers",
    success: m.updated,
  });
}

export default function EditCustomer() {
  const { name, values } = useLoaderData<typeof loader>();
  return (
    <CustomerFormDialog
      mode="edit"
      title={m.editTitle(name)}
      closeTo={useListHref("/customers")}
      lastResult={useActionData<typeof action>()}
      defaultValue={values}
    />
  );
}
