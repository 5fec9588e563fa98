import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { SelectField, TextAreaField } from "~/components/admin/fields";
import { FormErrors, TextField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { PLAN_NAME_MAX, PLAN_STATUSES, planFormSchema } from "~/schemas/plan";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";

const m = messages.plansAdmin;

const statusOptions = PLAN_STATUSES.map((status) => ({ value: status, label: m.status[status] }));

/** Add / edit plan: a POST form to its own route; features one per line, so it works without JavaScript. */
export function PlanFormDialog({
  title,
  closeTo,
  lastResult,
  defaultValue,
}: {
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string>;
}) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "plan-form",
    lastResult,
    defaultValue: defaultValue ?? { status: "active", price: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: planFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label={m.fields.name}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={PLAN_NAME_MAX}
          autoComplete="off"
        />
        <TextAreaField
          label={m.fields.description}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
          {...getTextareaProps(fields.description)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField
              label={m.fields.credits}
              errors={fields.creditsPerMonth.errors}
              errorId={fields.creditsPerMonth.errorId}
              {...getInputProps(fields.creditsPerMonth, { type: "number" })}
              min={-1}
              step={1}
              inputMode="numeric"
            />
            <p className="mt-1 text-xs text-slate-500">{m.fields.creditsHint}</p>
          </div>
          <div>
            <TextField
              label={m.fields.price}
              errors={fields.price.errors}
              errorId={fields.price.errorId}
              {...getInputProps(fields.price, { type: "number" })}
              min={0}
              step={0.01}
              inputMode="decimal"
            />
            <p className="mt-1 text-xs text-slate-500">{m.fields.priceHint}</p>
          </div>
        </div>
        <SelectField
          label={m.fields.status}
          errors={fields.status.errors}
          errorId={fields.status.errorId}
          options={statusOptions}
          {...getSelectProps(fields.status)}
        />
        <TextAreaField
          label={m.fields.features}
          hint={m.fields.featuresHint}
          errors={fields.features.errors}
          errorId={fields.features.errorId}
          {...getTextareaProps(fields.features)}
          rows={5}
        />
        <TextAreaField
          label={m.fields.policies}
          errors={fields.policies.errors}
          errorId={fields.policies.errorId}
          {...getTextareaProps(fields.policies)}
          rows={4}
        />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </RouteDialog>
  );
}
