import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCustomer } from "~/models/accounts/index.server";
import { customerCreateSchema } from "~/schemas/customer";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return submitDialogForm(request, {
    schema: customerCreateSchema,
    save: (value) => createCustomer(value, admin.id),
    back: "/customers",
    success: m.created,
    hideFields: ["password"],
  });
}

export default function NewCustomer() {
  return (
    <CustomerFormDialog
      mode="create"
      title={m.newTitle}
      closeTo={useListHref("/customers")}
      lastResult={useActionData<typeof action>()}
    />
  );
}
