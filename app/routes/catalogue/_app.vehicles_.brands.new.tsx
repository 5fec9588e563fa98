import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { createBrand } from "~/models/catalogue/index.server";
import { brandSchema } from "~/schemas/catalogue";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newBrand} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const submission = parseWithZod(await readForm(request), { schema: brandSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = createBrand(submission.value, admin.id);
  if (!result.ok) return formRefusal(submission, result);
  return redirectWithToast("/vehicles/brands", { type: "success", message: m.brandCreated });
}

export default function NewBrand() {
  return (
    <BrandFormDialog
      title={m.newBrand}
      closeTo="/vehicles/brands"
      lastResult={useActionData<typeof action>()}
    />
  );
}
