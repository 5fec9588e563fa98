import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { TextAreaField } from "~/components/admin/fields";
import { FormErrors, TextField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { categorySchema } from "~/schemas/catalogue";
import { useIsSubmitting } from "~/components/hooks";
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
  const busy = useIsSubmitting();
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
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label={m.name}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={100}
          autoComplete="off"
        />
        <TextAreaField
          label={m.description}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
          {...getTextareaProps(fields.description)}
          maxLength={1000}
        />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </RouteDialog>
  );
}
