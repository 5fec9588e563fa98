import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { cancelCustomerSubscription, customerSubscription } from "~/models/accounts/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { recordLoader, requireRecord } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";
import { customerAt } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction = () => [{ title: `${m.cancelTitle} — Encaixa` }];

export const loader = recordLoader(access, customerAt, (customer) => {
  const subscription = customerSubscription(customer.id);
  return {
    name: customer.name,
    activePlan: subscription?.status === "active" ? subscription.planName : null,
  };
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  const cancelled = cancelCustomerSubscription({ userId: customer.id, actorId: actor.id });
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
