import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deleteCustomer, getCustomer } from "~/models/accounts/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

const customerOr404 = (raw: string | undefined) => recordOr404(raw, getCustomer, m.notFound);

export const meta: MetaFunction = () => [{ title: `${m.deleteTitle} — Encaixa` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return { name: customerOr404(params.id).name };
}

/** A customer with invoices is deactivated instead of deleted, and the toast says so. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const customer = customerOr404(params.id);
  const back = `/customers${new URL(request.url).search}`;
  const { outcome } = deleteCustomer(customer.id, admin.id);
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
