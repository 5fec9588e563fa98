import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { DialogForm } from "~/components/admin/dialog-actions";
import { Field, TextareaField } from "~/components/form-fields";
import { categorySchema, DESCRIPTION_MAX, NAME_MAX } from "~/schemas/catalogue";
import * as messages from "~/messages";

const m = messages.catalogue;

/** The add/edit category dialog: a POST form to its own route, validated by the same schema on both sides. */
export function CategoryFormDialog({
  title,
  closeTo,
  lastResult,
  defaultValue,
}: {
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: { name: string; description: string | null };
}) {
  const [form, fields] = useForm({
    id: "category-form",
    lastResult,
    defaultValue: defaultValue && {
      name: defaultValue.name,
      description: defaultValue.description ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <DialogForm title={title} closeTo={closeTo} form={form}>
      <Field meta={fields.name} label={m.name} maxLength={NAME_MAX} autoComplete="off" />
      <TextareaField meta={fields.description} label={m.description} maxLength={DESCRIPTION_MAX} />
    </DialogForm>
  );
}
