import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CategoryFormDialog } from "~/components/catalogue/category-form";
import { useListHref } from "~/components/catalogue/list-href";
import { getCategory, updateCategory } from "~/models/catalogue/index.server";
import { categorySchema } from "~/schemas/catalogue/catalogue";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.editCategory} — Encaixa` }];

const categoryOr404 = (raw: string | undefined) =>
  recordOr404(raw, getCategory, m.categoryNotFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const category = categoryOr404(params.id);
  return { category: { name: category.name, description: category.description } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const category = categoryOr404(params.id);
  return submitDialogForm(request, {
    schema: categorySchema,
    save: (value) => updateCategory(category.id, value, admin.id),
    back: "/categories",
    success: m.categoryUpdated,
  });
}

export default function EditCategory() {
  const { category } = useLoaderData<typeof loader>();
  return (
    <CategoryFormDialog
      title={m.editCategory}
      closeTo={useListHref("/categories")}
      lastResult={useActionData<typeof action>()}
      defaultValue={category}
    />
  );
}
