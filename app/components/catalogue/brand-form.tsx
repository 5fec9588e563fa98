import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { Field, FormErrors } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { brandSchema, NAME_MAX } from "~/schemas/catalogue";
import { useIsSubmitting } from "~/components/hooks";
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
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "brand-form",
    lastResult,
    defaultValue: defaultName === undefined ? undefined : { name: defaultName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field meta={fields.name} label={m.name} maxLength={NAME_MAX} autoComplete="off" />
        {hint && <p className="text-sm text-slate-600">{hint}</p>}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </RouteDialog>
  );
}
