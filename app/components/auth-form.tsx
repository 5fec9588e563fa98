import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useDeferredSchemaValidation } from "./deferred-validation";
import { FormErrors, Honeypot } from "./form-fields";
import { useIsSubmitting } from "./hooks";

/**
 * The sign-in and sign-up forms' state: validated on submit by the schema `loadSchema` brings in
 * on first touch (ADR 0017), and the `redirectTo` the URL carries, sent back with the form.
 */
export function useAuthForm<Input extends Record<string, unknown>, Output extends Input>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const submitting = useIsSubmitting();
  const [form, fields] = useForm({
    id,
    lastResult,
    onValidate: useDeferredSchemaValidation(loadSchema),
    shouldValidate: "onSubmit",
  });
  return { form, fields, redirectTo, submitting };
}

/** The auth form's frame: its errors, the honeypot and the redirect target before its fields. */
export function AuthForm<Shape extends Record<string, unknown>>({
  form,
  redirectTo,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  redirectTo: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="relative space-y-4" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Honeypot />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </Form>
  );
}
