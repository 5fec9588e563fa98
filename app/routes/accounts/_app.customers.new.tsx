import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCustomer, customerCreatedMessage } from "~/models/accounts/index.server";
import { customerCreateSchema } from "~/schemas/accounts/customer";
import { createDialogAction, guardOnlyLoader } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export const loader = guardOnlyLoader(access);

export const action = createDialogAction(access, {
  schema: customerCreateSchema,
  save: (value, adminId) => createCustomer(value, adminId),
  back: "/customers",
  success: customerCreatedMessage,
  hideFields: ["password"],
});

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
