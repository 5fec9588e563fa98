import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PlanFormDialog } from "~/components/admin/plan-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createPlanByAdmin } from "~/models/payments/index.server";
import { planFormSchema } from "~/schemas/plan";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.plansAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const submission = parseWithZod(await readForm(request), { schema: planFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const created = createPlanByAdmin(submission.value, admin.id);
    if (!created.ok) return formRefusal(submission, created);
  } catch (error) {
    console.error(error);
    return data(submission.reply({ formErrors: [m.createFailed] }), { status: 500 });
  }
  return redirectWithToast(`/plans${new URL(request.url).search}`, {
    type: "success",
    message: m.created,
  });
}

export default function NewPlan() {
  return (
    <PlanFormDialog
      title={m.newTitle}
      closeTo={useListHref("/plans")}
      lastResult={useActionData<typeof action>()}
    />
  );
}
