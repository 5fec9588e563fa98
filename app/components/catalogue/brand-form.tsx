import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { DialogForm } from "~/components/admin/dialog-actions";
import { Field } from "~/components/form-fields";
import { brandSchema, NAME_MAX } from "~/schemas/catalogue/catalogue";
import * as messages from "~/messages";

const m = messages.catalogue;

/** The add/edit brand dialog; `hint` tells that a rename carries the brand's vehicles along. */
export function BrandFormDialog({
  title,
  closeTo,
  lastResult,
  defaultName,
  hint,
}: {
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultName?: string;
  hint?: string;
}) {
  const [form, fields] = useForm({
    id: "brand-form",
    lastResult,
    defaultValue: defaultName === undefined ? undefined : { name: defaultName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <DialogForm title={title} closeTo={closeTo} form={form}>
      <Field meta={fields.name} label={m.name} maxLength={NAME_MAX} autoComplete="off" />
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
    </DialogForm>
  );
}
