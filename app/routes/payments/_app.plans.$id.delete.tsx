import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deletePlanByAdmin, getPlanWithCustomers } from "~/models/payments/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.plansAdmin;

export const meta: MetaFunction = () => [{ title: `${m.deleteTitle} — Encaixa` }];

const planOr404 = (raw: string | undefined) => recordOr404(raw, getPlanWithCustomers, m.notFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const plan = planOr404(params.id);
  return { name: plan.name, subscribers: plan.customersCount };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const plan = planOr404(params.id);
  const back = `/plans${new URL(request.url).search}`;
  const result = deletePlanByAdmin(plan.id, admin.id);
  if (!result.ok) return dialogRefusal(result);
  if (result.value.outcome === "deactivated")
    return redirectWithToast(back, { type: "warning", message: m.deactivatedInsteadOfDeleted });
  return redirectWithToast(back, { type: "success", message: m.deleted });
}

export default function DeletePlan() {
  const { name, subscribers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteTitle}
      message={m.deleteConfirm(name)}
      closeTo={useListHref("/plans")}
      error={actionData?.error ?? (subscribers > 0 ? m.hasSubscribers(subscribers) : null)}
    />
  );
}
