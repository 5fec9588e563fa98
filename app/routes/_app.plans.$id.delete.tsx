import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import {
  deletePlanByAdmin,
  getPlanWithCustomers,
  PlanHasSubscribersError,
} from "~/models/plan.server";
import { parsePathId } from "~/schemas/api-search";
import { requireAdmin } from "~/server/auth.server";
import { messages } from "~/utils/messages";
import { redirectWithToast } from "~/server/toast.server";

const m = messages.plansAdmin;

export const meta: MetaFunction = () => [{ title: `${m.deleteTitle} — Encaixa` }];

function planOr404(raw: string | undefined) {
  const id = parsePathId(raw);
  const plan = id === null ? undefined : getPlanWithCustomers(id);
  if (!plan) throw new Response(m.notFound, { status: 404 });
  return plan;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const plan = planOr404(params.id);
  return { name: plan.name, subscribers: plan.customersCount };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const plan = planOr404(params.id);
  const back = `/plans${new URL(request.url).search}`;
  try {
    const result = deletePlanByAdmin(plan.id, admin.id);
    if (result?.outcome === "deactivated")
      return redirectWithToast(back, { type: "warning", message: m.deactivatedInsteadOfDeleted });
    return redirectWithToast(back, { type: "success", message: m.deleted });
  } catch (error) {
    if (error instanceof PlanHasSubscribersError)
      return data({ error: m.hasSubscribers(error.subscribers) }, { status: 409 });
    console.error(error);
    return data({ error: m.deleteFailed }, { status: 500 });
  }
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
