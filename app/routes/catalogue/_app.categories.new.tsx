import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryFormDialog } from "~/components/catalogue/category-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCategory } from "~/models/catalogue/index.server";
import { categorySchema } from "~/schemas/catalogue";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newCategory} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return submitDialogForm(request, {
    schema: categorySchema,
    save: (value) => createCategory(value, admin.id),
    back: "/categories",
    success: m.categoryCreated,
  });
}

export default function NewCategory() {
  return (
    <CategoryFormDialog
      title={m.newCategory}
      closeTo={useListHref("/categories")}
      lastResult={useActionData<typeof action>()}
    />
  );
}
