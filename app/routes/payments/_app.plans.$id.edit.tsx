import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PlanFormDialog } from "~/components/admin/plan-form";
import { useListHref } from "~/components/catalogue/list-href";
import { getPlanWithCustomers, updatePlanByAdmin } from "~/models/payments/index.server";
import { planFormSchema, planFormValues } from "~/schemas/payments/plan";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { submitDialogForm } from "~/server/form-action.server";

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
  return submitDialogForm(request, {
    schema: planFormSchema,
    save: (value) => updatePlanByAdmin(plan.id, value, admin.id),
    back: "/plans",
    success: m.updated,
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
