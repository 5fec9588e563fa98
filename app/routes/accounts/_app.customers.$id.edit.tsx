import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { updateCustomer } from "~/models/accounts/index.server";
import { customerEditSchema } from "~/schemas/accounts/customer";
import { recordLoader, requireRecord, submitDialogForm } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { customerAt, customerFormValues } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.editTitle(data.name) : m.notFound} — Encaixa` },
];

export const loader = recordLoader(access, customerAt, (customer) => ({
  name: customer.name,
  values: customerFormValues(customer),
}));

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  return submitDialogForm(request, {
    schema: customerEditSchema,
    save: (value) => updateCustomer(customer.id, value, actor.id),
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
