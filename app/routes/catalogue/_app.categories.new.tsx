import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryFormDialog } from "~/components/catalogue/category-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCategory } from "~/models/catalogue/index.server";
import { categorySchema } from "~/schemas/catalogue";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newCategory} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const submission = parseWithZod(await readForm(request), { schema: categorySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = createCategory(submission.value, admin.id);
  if (!result.ok) return formRefusal(submission, result);
  return redirectWithToast(`/categories${new URL(request.url).search}`, {
    type: "success",
    message: m.categoryCreated,
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
