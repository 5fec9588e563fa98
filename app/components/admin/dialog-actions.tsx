import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { FormErrors } from "~/components/form-fields";
import { useIsSubmitting } from "~/components/hooks";
import { RouteDialog } from "~/components/route-dialog";
import * as messages from "~/messages";

/**
 * The footer of a dialog form: "Cancelar" back to the list (`closeTo`) and the submit button,
 * "Salvar" unless `submitLabel` says otherwise, reading "Salvando..." while `busy`.
 */
export function DialogActions({
  closeTo,
  busy,
  submitLabel = messages.admin.save,
  ...button
}: {
  closeTo: string;
  busy: boolean;
  submitLabel?: string;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value">) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={closeTo} className="btn-secondary" preventScrollReset>
        {messages.admin.cancel}
      </Link>
      <button type="submit" className="btn-primary" disabled={busy} {...button}>
        {busy ? messages.admin.saving : submitLabel}
      </button>
    </div>
  );
}

/** A dialog route's form: a POST to its own route, its errors, its fields, then the footer. */
export function DialogForm<Shape extends Record<string, unknown>>({
  title,
  closeTo,
  form,
  children,
}: {
  title: string;
  closeTo: string;
  form: FormMetadata<Shape, string[]>;
  children: ReactNode;
}) {
  const busy = useIsSubmitting();
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        {children}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </RouteDialog>
  );
}
