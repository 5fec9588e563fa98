import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { useListHref } from "~/components/catalogue/list-href";
import { FormErrors, SelectField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { assignCustomerPlan, customerSubscription } from "~/models/accounts/index.server";
import { listPlans } from "~/models/payments/index.server";
import { assignPlanSchema, PAYMENT_METHODS } from "~/schemas/accounts/customer";
import type { Access } from "~/server/access";
import { formatBRL } from "~/utils/format";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { recordLoader, requireRecord, submitDialogForm } from "~/server/form-action.server";
import { customerAt } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.planTitle(data.name) : m.notFound} — Encaixa` },
];

export const loader = recordLoader(access, customerAt, (customer) => {
  const current = customerSubscription(customer.id);
  return {
    name: customer.name,
    currentPlan: current?.status === "active" ? current.planName : null,
    /** Only active plans can be assigned. */
    plans: listPlans({ status: "active" }).map((plan) => ({
      value: String(plan.id),
      label: `${plan.name} — ${plan.isFree ? messages.plansAdmin.free : formatBRL(plan.priceCents ?? 0)}`,
    })),
  };
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  return submitDialogForm(request, {
    schema: assignPlanSchema,
    save: (value) => assignCustomerPlan({ userId: customer.id, ...value, actorId: actor.id }),
    back: "/customers",
    success: m.planAssigned,
  });
}

const paymentOptions = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: m.paymentMethods[method],
}));

export default function AssignPlan() {
  const { name, currentPlan, plans } = useLoaderData<typeof loader>();
  const closeTo = useListHref("/customers");
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "customer-plan",
    lastResult: useActionData<typeof action>(),
    defaultValue: { planId: "", paymentMethod: "credit_card" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignPlanSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={m.planTitle(name)} closeTo={closeTo}>
      {currentPlan && <p className="text-sm font-medium">{m.currentPlan(currentPlan)}</p>}
      <p className="mt-1 text-sm text-slate-600">{m.assignHint}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <SelectField
          meta={fields.planId}
          label={m.fields.plan}
          options={plans}
          placeholder={m.fields.choosePlan}
        />
        <SelectField
          meta={fields.paymentMethod}
          label={m.fields.paymentMethod}
          options={paymentOptions}
        />
        <DialogActions closeTo={closeTo} busy={busy} submitLabel={m.assignButton} />
      </Form>
    </RouteDialog>
  );
}
