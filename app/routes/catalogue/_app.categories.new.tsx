import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryFormDialog } from "~/components/catalogue/category-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCategory } from "~/models/catalogue/index.server";
import { categorySchema } from "~/schemas/catalogue/catalogue";
import { createDialogAction, guardOnlyLoader } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newCategory} — Encaixa` }];

export const loader = guardOnlyLoader(access);

export const action = createDialogAction(access, {
  schema: categorySchema,
  save: (value, adminId) => createCategory(value, adminId),
  back: "/categories",
  success: m.categoryCreated,
});

export default function NewCategory() {
  return (
    <CategoryFormDialog
      title={m.newCategory}
      closeTo={useListHref("/categories")}
      lastResult={useActionData<typeof action>()}
    />
  );
}
