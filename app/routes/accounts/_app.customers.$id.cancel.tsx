import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { cancelCustomerSubscription, customerSubscription, getCustomer } from "~/models/accounts/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

const customerOr404 = (raw: string | undefined) => recordOr404(raw, getCustomer, m.notFound);

export const meta: MetaFunction = () => [{ title: `${m.cancelTitle} — Encaixa` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const customer = customerOr404(params.id);
  const subscription = customerSubscription(customer.id);
  return {
    name: customer.name,
    activePlan: subscription?.status === "active" ? subscription.planName : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const customer = customerOr404(params.id);
  const cancelled = cancelCustomerSubscription({ userId: customer.id, actorId: admin.id });
  if (!cancelled.ok) return dialogRefusal(cancelled);
  return redirectWithToast(`/customers${new URL(request.url).search}`, {
    type: "success",
    message: m.subscriptionCancelled,
  });
}

/** The confirmation before cancelling; only an active subscription can be cancelled. */
export default function CancelSubscription() {
  const { name, activePlan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = useListHref("/customers");
  const error = actionData?.error ?? (activePlan ? null : m.noActiveSubscription);
  return (
    <ConfirmDialog
      title={m.cancelTitle}
      message={activePlan && m.cancelConfirm(activePlan, name)}
      closeTo={closeTo}
      error={error}
      cancelLabel={m.keep}
      confirmLabel={m.confirmCancel}
      canConfirm={Boolean(activePlan)}
    />
  );
}
