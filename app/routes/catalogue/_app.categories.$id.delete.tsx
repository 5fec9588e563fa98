import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deleteCategory, getCategory } from "~/models/catalogue/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.deleteCategory} — Encaixa` }];

const categoryIdOr404 = (raw: string | undefined) =>
  recordOr404(raw, getCategory, m.categoryNotFound).id;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return { name: getCategory(categoryIdOr404(params.id))!.name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const result = deleteCategory(categoryIdOr404(params.id), admin.id);
  if (!result.ok) return dialogRefusal(result);
  return redirectWithToast(`/categories${new URL(request.url).search}`, {
    type: "success",
    message: m.categoryDeleted,
  });
}

export default function DeleteCategory() {
  const { name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteCategory}
      message={m.confirmDeleteCategory(name)}
      closeTo={useListHref("/categories")}
      error={actionData?.error}
    />
  );
}
