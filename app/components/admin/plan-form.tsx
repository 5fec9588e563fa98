import { DialogForm } from "~/components/admin/dialog-actions";
import type { FormDialogProps } from "~/components/admin/form-dialog-props";
import { Field, SelectField, TextareaField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import { PLAN_NAME_MAX, PLAN_STATUSES, planFormSchema } from "~/schemas/payments/plan";
import * as messages from "~/messages";

const m = messages.plansAdmin;

const statusOptions = PLAN_STATUSES.map((status) => ({ value: status, label: m.status[status] }));

/** Add / edit plan: a POST form to its own route; features one per line, so it works without JavaScript. */
export function PlanFormDialog({
  lastResult,
  defaultValue,
  ...dialog
}: FormDialogProps<Record<string, string>>) {
  const [form, fields] = useSchemaForm(planFormSchema, {
    id: "plan-form",
    lastResult,
    defaultValue: defaultValue ?? { status: "active", price: "0" },
  });
  return (
    <DialogForm {...dialog} form={form}>
      <Field
        meta={fields.name}
        label={m.fields.name}
        maxLength={PLAN_NAME_MAX}
        autoComplete="off"
      />
      <TextareaField meta={fields.description} label={m.fields.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Field
            meta={fields.creditsPerMonth}
            type="number"
            label={m.fields.credits}
            min={-1}
            step={1}
            inputMode="numeric"
          />
          <p className="mt-1 text-xs text-slate-500">{m.fields.creditsHint}</p>
        </div>
        <div>
          <Field
            meta={fields.price}
            type="number"
            label={m.fields.price}
            min={0}
            step={0.01}
            inputMode="decimal"
          />
          <p className="mt-1 text-xs text-slate-500">{m.fields.priceHint}</p>
        </div>
      </div>
      <SelectField meta={fields.status} label={m.fields.status} options={statusOptions} />
      <TextareaField
        meta={fields.features}
        label={m.fields.features}
        hint={m.fields.featuresHint}
        rows={5}
      />
      <TextareaField meta={fields.policies} label={m.fields.policies} rows={4} />
    </DialogForm>
  );
}
