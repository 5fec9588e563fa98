import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deleteCustomer } from "~/models/accounts/index.server";
import { recordLoader, requireRecord } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";
import { customerAt } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.deleteTitle} — Encaixa` }];

export const loader = recordLoader(access, customerAt, ({ name }) => ({ name }));

/** A customer with invoices is deactivated instead of deleted, and the toast says so. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  const back = `/customers${new URL(request.url).search}`;
  const { outcome } = deleteCustomer(customer.id, actor.id);
  if (outcome === "deactivated")
    return redirectWithToast(back, { type: "warning", message: m.deactivatedInsteadOfDeleted });
  return redirectWithToast(back, { type: "success", message: m.deleted });
}

export default function DeleteCustomer() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteTitle}
      message={m.deleteConfirm(name)}
      closeTo={useListHref("/customers")}
    />
  );
}
