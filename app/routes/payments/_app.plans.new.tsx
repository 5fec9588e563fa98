import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PlanFormDialog } from "~/components/admin/plan-form";
import { useListHref } from "~/components/catalogue/list-href";
import { createPlanByAdmin } from "~/models/payments/index.server";
import { planFormSchema } from "~/schemas/payments/plan";
import { createDialogAction, guardOnlyLoader } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.plansAdmin;

export const meta: MetaFunction = () => [{ title: `${m.newTitle} — Encaixa` }];

export const loader = guardOnlyLoader(access);

export const action = createDialogAction(access, {
  schema: planFormSchema,
  save: (value, adminId) => createPlanByAdmin(value, adminId),
  back: "/plans",
  success: m.created,
});

export default function NewPlan() {
  return (
    <PlanFormDialog
      title={m.newTitle}
      closeTo={useListHref("/plans")}
      lastResult={useActionData<typeof action>()}
    />
  );
}
