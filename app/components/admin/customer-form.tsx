import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { DialogForm } from "~/components/admin/dialog-actions";
import { Field, PasswordField, SelectField, TextareaField } from "~/components/form-fields";
import {
  CUSTOMER_COMPANY_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  customerCreateSchema,
  customerEditSchema,
} from "~/schemas/accounts/customer";
import * as messages from "~/messages";

const m = messages.customersAdmin;

export const customerTypeOptions = CUSTOMER_TYPES.map((type) => ({
  value: type,
  label: m.types[type],
}));
export const customerStatusOptions = CUSTOMER_STATUSES.map((status) => ({
  value: status,
  label: m.status[status],
}));

/** Credit badge colours of the spec: above 10 green, 1–10 yellow, 0 red; unlimited counts as plenty. */
export function creditBadgeClass(remaining: number): string {
  if (remaining < 0 || remaining > 10) return "bg-emerald-100 text-emerald-800";
  if (remaining > 0) return "bg-amber-100 text-amber-900";
  return "bg-red-100 text-red-800";
}

/** Add (with the initial password) or edit a customer: a POST form to its own route. */
export function CustomerFormDialog({
  mode,
  title,
  closeTo,
  lastResult,
  defaultValue,
}: {
  mode: "create" | "edit";
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string>;
}) {
  const schema = mode === "create" ? customerCreateSchema : customerEditSchema;
  const [form, fields] = useForm<Record<string, string>, Record<string, unknown>>({
    id: `customer-${mode}`,
    lastResult,
    defaultValue: defaultValue ?? { customerType: "regular", status: "active" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const field = (name: string) => fields[name]!;
  return (
    <DialogForm title={title} closeTo={closeTo} form={form}>
      <Field
        meta={field("name")}
        label={m.fields.name}
        maxLength={CUSTOMER_NAME_MAX}
        autoComplete="off"
      />
      <Field
        meta={field("email")}
        type="email"
        label={m.fields.email}
        autoComplete="off"
        inputMode="email"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          meta={field("phone")}
          type="tel"
          label={m.fields.phone}
          maxLength={CUSTOMER_PHONE_MAX}
        />
        <Field meta={field("company")} label={m.fields.company} maxLength={CUSTOMER_COMPANY_MAX} />
        <SelectField
          meta={field("customerType")}
          label={m.fields.type}
          options={customerTypeOptions}
        />
        <SelectField
          meta={field("status")}
          label={m.fields.status}
          options={customerStatusOptions}
        />
      </div>
      <TextareaField meta={field("notes")} label={m.fields.notes} rows={3} />
      {mode === "create" && (
        <div>
          <PasswordField
            meta={field("password")}
            label={m.fields.password}
            autoComplete="new-password"
          />
          <p className="mt-1 text-xs text-slate-500">{m.fields.passwordHint}</p>
        </div>
      )}
    </DialogForm>
  );
}
