import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createCustomer } from "~/models/accounts/index.server";
import { customerCreateSchema } from "~/schemas/customer";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const submission = parseWithZod(await readForm(request), { schema: customerCreateSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const created = await createCustomer(submission.value, admin.id);
    if (!created.ok) return formRefusal(submission, created, { hideFields: ["password"] });
  } catch (error) {
    console.error(error);
    return data(submission.reply({ formErrors: [m.createFailed], hideFields: ["password"] }), {
      status: 500,
    });
  }
  return redirectWithToast(`/customers${new URL(request.url).search}`, {
    type: "success",
    message: m.created,
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
