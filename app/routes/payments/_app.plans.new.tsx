import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PlanFormDialog } from "~/components/admin/plan-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createPlanByAdmin } from "~/models/payments/index.server";
import { planFormSchema } from "~/schemas/plan";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { submitDialogForm } from "~/server/form-action.server";

export const access: Access = ["admin"];

const m = messages.plansAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return submitDialogForm(request, {
    schema: planFormSchema,
    save: (value) => createPlanByAdmin(value, admin.id),
    back: "/plans",
    success: m.created,
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
