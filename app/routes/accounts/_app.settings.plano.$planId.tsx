import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectDocument } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/form-fields";
import { planCredits, planPrice } from "~/components/pricing";
import { RouteDialog } from "~/components/route-dialog";
import {
  currentPlan,
  type Payment,
  type PaymentMethod,
  quotePlanChange,
  subscribe,
} from "~/models/accounts/index.server";
import {
  bankTransferOffered,
  getPlanWithCustomers,
  startCheckout,
} from "~/models/payments/index.server";
import { planChangeSchema } from "~/schemas/accounts/settings";
import { CUSTOMER_PAYMENT_METHODS } from "~/schemas/choices";
import { formInvalid, formRefusal } from "~/server/refusal.server";
import { formFailure, orFailure } from "~/server/failure.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { invariantResponse } from "~/server/responses.server";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatBRL, formatDate } from "~/utils/format";

/** Customers change their plan here; an admin has none and goes back to the settings. */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/settings?tab=planos" };

const m = messages.planChange;
/** The gateway a new invoice is labelled with, by the method chosen (the list's "Gateway"). */
const GATEWAY_OF: Partial<Record<PaymentMethod, Payment["gateway"]>> = {
  credit_card: "mercadopago",
  pix: "paghiper_pix",
};

async function loadPlan(request: Request, planIdParam: string | undefined) {
  const user = await requireAccess(request, access);
  const id = Number(planIdParam);
  const plan = Number.isInteger(id) && id > 0 ? getPlanWithCustomers(id) : undefined;
  invariantResponse(plan?.status === "active", m.planNotFound);
  return { user, plan };
}

/** What this change costs now, before the customer confirms (ADR 0046). */
function changeView(userId: number, plan: { priceCents: number | null }) {
  const quote = quotePlanChange(userId, plan);
  if (quote.kind === "upgrade")
    return {
      kind: quote.kind,
      creditCents: quote.creditCents,
      amountDueCents: quote.amountDueCents,
    } as const;
  if (quote.kind === "scheduled")
    return { kind: quote.kind, effectiveAt: quote.effectiveAt.toISOString() } as const;
  return { kind: quote.kind } as const;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, plan } = await loadPlan(request, params.planId);
  return {
    change: changeView(user.id, plan),
    plan: {
      id: plan.id,
      name: plan.name,
      priceCents: plan.priceCents,
      isFree: plan.isFree,
      dailySearches: plan.dailySearches,
    },
    isCurrent: currentPlan(user.id)?.planId === plan.id,
    methods: CUSTOMER_PAYMENT_METHODS.filter(
      (method) => method !== "bank_transfer" || bankTransferOffered(),
    ),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, plan } = await loadPlan(request, params.planId);
  const submission = parseWithZod(await readForm(request), { schema: planChangeSchema });
  if (submission.status !== "success") return formInvalid(submission);
  const { paymentMethod } = submission.value;
  // The database refused the change: logged, the form says so in the spec's words (ADR 0062).
  const subscribed = await orFailure(
    "/settings?tab=planos",
    () =>
      subscribe({
        userId: user.id,
        planId: plan.id,
        paymentMethod,
        gateway: GATEWAY_OF[paymentMethod],
      }),
    () => null,
  );
  if (!subscribed) return formFailure(submission, m.failed);
  if (!subscribed.ok) return formRefusal(submission, subscribed);
  const result = subscribed.value;
  if (result.kind === "activated")
    return redirectWithToast("/settings?tab=planos", { type: "success", message: m.created });
  if (result.kind === "scheduled")
    return redirectWithToast("/settings?tab=planos", {
      type: "success",
      message: m.scheduledLine(result.plan.name, formatDate(result.effectiveAt)),
    });
  const invoiceId = result.payment.id;
  // Card: straight to Mercado Pago's checkout (a redirect: no script, no new tab); it sends the
  // buyer back to /invoices. A checkout that cannot start leaves the invoice to pay from its dialog.
  if (paymentMethod === "credit_card") {
    const checkout = await startCheckout(user, invoiceId);
    if (checkout.ok && /^https?:\/\//i.test(checkout.value.initPoint))
      return redirectDocument(checkout.value.initPoint);
    return redirectWithToast(`/invoices/${invoiceId}/pagar`, {
      type: "error",
      message: checkout.ok ? messages.payments.mercadoPagoUnavailable : checkout.message,
    });
  }
  if (paymentMethod === "pix")
    return redirectWithToast(`/invoices/${invoiceId}/pix`, {
      type: "info",
      message: m.paymentRequired(result.payment.externalReference),
    });
  if (paymentMethod === "bank_transfer")
    return redirectWithToast(`/invoices/${invoiceId}/transferencia`, {
      type: "info",
      message: m.paymentRequired(result.payment.externalReference),
    });
  return redirectWithToast("/settings?tab=planos", {
    type: "info",
    message: m.paymentRequired(result.payment.externalReference),
  });
}

export default function PlanChange() {
  const { plan, isCurrent, methods, change } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const [form] = useForm({
    id: "plan-change",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: planChangeSchema }),
  });
  return (
    <RouteDialog title={m.title(plan.name)} closeTo="/settings?tab=planos">
      <p className="text-lg font-bold">
        {planPrice(plan)}
        {!plan.isFree && (
          <span className="text-sm font-normal text-slate-600">{messages.landing.perMonth}</span>
        )}
      </p>
      <p className="text-sm text-slate-700">{planCredits(plan)}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <FormErrors errors={isCurrent ? [m.alreadyOnPlan] : form.errors} id={form.errorId} />
        {change.kind === "scheduled" && !isCurrent && (
          <p className="text-sm text-slate-700" data-testid="plan-change-schedule">
            {m.scheduleText(plan.name, formatDate(change.effectiveAt))}
            {!plan.isFree && <> {m.scheduledPaidNote}</>}
          </p>
        )}
        {plan.isFree ? (
          <>
            {change.kind !== "scheduled" && (
              <p className="text-sm text-slate-700">{m.freeConfirm(plan.name)}</p>
            )}
            <input type="hidden" name="paymentMethod" value="credit_card" />
          </>
        ) : (
          <>
            <fieldset>
              <legend className="label">{m.methodLabel}</legend>
              <div className="space-y-2">
                {methods.map((method, index) => (
                  <label key={method} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={method}
                      defaultChecked={index === 0}
                      className="accent-brand-600"
                    />
                    {m.methods[method]}
                  </label>
                ))}
              </div>
            </fieldset>
            {change.kind === "upgrade" ? (
              <>
                <p className="font-semibold" data-testid="plan-change-credit">
                  {m.creditLine(formatBRL(change.creditCents), formatBRL(change.amountDueCents))}
                </p>
                <p className="text-sm text-slate-600">{m.upgradeText}</p>
              </>
            ) : (
              change.kind === "switch" && (
                <p className="text-sm text-slate-600">{m.paidText(planPrice(plan))}</p>
              )
            )}
          </>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy || isCurrent}>
          {busy ? m.processing : change.kind === "scheduled" ? m.scheduleConfirm : m.confirm}
        </button>
      </Form>
    </RouteDialog>
  );
}
