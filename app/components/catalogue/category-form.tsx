import { DialogForm } from "~/components/admin/dialog-actions";
import type { FormDialogProps } from "~/components/admin/form-dialog-props";
import { Field, TextareaField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import { categorySchema, DESCRIPTION_MAX, NAME_MAX } from "~/schemas/catalogue/catalogue";
import * as messages from "~/messages";

const m = messages.catalogue;

/** The add/edit category dialog: a POST form to its own route, validated by the same schema on both sides. */
export function CategoryFormDialog({
  lastResult,
  defaultValue,
  ...dialog
}: FormDialogProps<{ name: string; description: string | null }>) {
  const [form, fields] = useSchemaForm(categorySchema, {
    id: "category-form",
    lastResult,
    defaultValue: defaultValue && {
      name: defaultValue.name,
      description: defaultValue.description ?? "",
    },
  });
  return (
    <DialogForm {...dialog} form={form}>
      <Field meta={fields.name} label={m.name} maxLength={NAME_MAX} autoComplete="off" />
      <TextareaField meta={fields.description} label={m.description} maxLength={DESCRIPTION_MAX} />
    </DialogForm>
  );
}
