import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { cancelScheduledPlanChange, scheduledPlanChange } from "~/models/accounts/index.server";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { dialogRefusal } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatDate } from "~/utils/format";
import * as messages from "~/messages";

/**
 * The confirmation before a customer drops the downgrade scheduled for the end of their paid
 * period (ADR 0046): a plain POST, then back to the plans tab.
 */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/settings?tab=planos" };

const m = messages.planChange;
const CLOSE_TO = "/settings?tab=planos";

export const meta: MetaFunction = () => [{ title: `${m.cancelScheduledTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const scheduled = scheduledPlanChange(user.id);
  return {
    scheduled: scheduled
      ? { planName: scheduled.planName, effectiveAt: scheduled.effectiveAt.toISOString() }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access);
  await readForm(request);
  const cancelled = cancelScheduledPlanChange(user.id);
  if (!cancelled.ok) return dialogRefusal(cancelled);
  return redirectWithToast(CLOSE_TO, { type: "success", message: m.scheduleCancelled });
}

export default function CancelScheduledPlanChange() {
  const { scheduled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? (scheduled ? null : m.noScheduledChange);
  return (
    <ConfirmDialog
      title={m.cancelScheduledTitle}
      message={
        scheduled && m.cancelScheduledText(scheduled.planName, formatDate(scheduled.effectiveAt))
      }
      closeTo={CLOSE_TO}
      error={error}
      cancelLabel={m.keepScheduled}
      confirmLabel={m.cancelScheduledSubmit}
      canConfirm={Boolean(scheduled)}
    />
  );
}
