import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PlanFormDialog } from "~/components/admin/plan-form";
import { useListHref } from "~/components/catalogue/list-href";
import { getPlanWithCustomers, updatePlanByAdmin } from "~/models/payments/index.server";
import { planFormSchema, planFormValues } from "~/schemas/plan";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.plansAdmin;

const planOr404 = (raw: string | undefined) => recordOr404(raw, getPlanWithCustomers, m.notFound);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.editTitle(data.name) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const plan = planOr404(params.id);
  return { name: plan.name, values: planFormValues(plan) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const plan = planOr404(params.id);
  const submission = parseWithZod(await readForm(request), { schema: planFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const saved = updatePlanByAdmin(plan.id, submission.value, admin.id);
    if (!saved.ok) return formRefusal(submission, saved);
  } catch (error) {
    console.error(error);
    return data(submission.reply({ formErrors: [m.updateFailed] }), { status: 500 });
  }
  return redirectWithToast(`/plans${new URL(request.url).search}`, {
    type: "success",
    message: m.updated,
  });
}

export default function EditPlan() {
  const { name, values } = useLoaderData<typeof loader>();
  return (
    <PlanFormDialog
      title={m.editTitle(name)}
      closeTo={useListHref("/plans")}
      lastResult={useActionData<typeof action>()}
      defaultValue={values}
    />
  );
}
