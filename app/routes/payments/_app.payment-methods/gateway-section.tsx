import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormErrors } from "~/components/form-fields";
import { GATEWAY_KEY_MAX } from "~/schemas/payments/payments";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";
import type { ActionData, Intent, Reply } from "./gateway-forms";

/** The pieces both gateways' cards are made of. */

const m = messages.invoicesAdmin.methods;

/**
 * A secret's input: empty, a password field, the stored value's mask as placeholder; left blank,
 * the stored secret stays. The browser is asked not to fill it with a saved login password.
 */
export function SecretField({
  label,
  field,
  masked,
  hint,
}: {
  label: string;
  field: FieldMetadata<string>;
  masked: string;
  hint?: string;
}) {
  return (
    <Field
      meta={field}
      type="password"
      label={label}
      hint={hint ?? (masked ? m.secretKept : m.secretUnset)}
      className="input font-mono"
      defaultValue=""
      placeholder={masked}
      autoComplete="new-password"
      spellCheck={false}
      maxLength={GATEWAY_KEY_MAX}
    />
  );
}

function useBusy(intent: Intent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function lastResultFor(actionData: ActionData | undefined, intent: Intent): Reply | null {
  return actionData?.intent === intent ? actionData.reply : null;
}

/**
 * One of a card's forms: the intent it carries, its errors, its fields and its button, busy while
 * it is sent. A test form (its intent "test-…") stands below a rule, with a secondary button.
 */
export function GatewayForm<Shape extends Record<string, unknown>>({
  form,
  intent,
  heading,
  disabled = false,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  intent: Intent;
  heading?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const busy = useBusy(intent);
  const test = intent.startsWith("test-");
  return (
    <Form
      method="post"
      className={test ? "space-y-3 border-t border-slate-200 pt-4" : "space-y-4"}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {heading && <h3 className="font-semibold">{heading}</h3>}
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      <div className="flex justify-end">
        <button
          type="submit"
          className={test ? "btn-secondary" : "btn-primary"}
          disabled={disabled || busy}
        >
          {test ? (busy ? m.testing : m.test) : busy ? m.saving : m.save}
        </button>
      </div>
    </Form>
  );
}

/** One gateway's card: its name, what it is for, when it was last saved and whether it is set up. */
export function GatewaySection(props: {
  id: string;
  title: string;
  description: string;
  updatedAt: string | Date | null;
  configured: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card space-y-5 p-5" aria-labelledby={`${props.id}-title`} id={props.id}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${props.id}-title`} className="text-lg font-bold">
            {props.title}
          </h2>
          <p className="text-sm text-slate-600">{props.description}</p>
          {props.updatedAt && (
            <p className="mt-1 text-xs text-slate-500">
              {m.updatedAt(formatDateTime(props.updatedAt))}
            </p>
          )}
        </div>
        <ConfiguredBadge configured={props.configured} />
      </header>
      {props.children}
    </section>
  );
}

function ConfiguredBadge({ configured }: { configured: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        configured ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
      }`}
      data-testid="gateway-status"
    >
      {configured ? m.configured : m.notConfigured}
    </span>
  );
}

export function CopyableUrl({ label, url }: { label: string; url: string }) {
  return (
    <div>
      <p className="label">{label}</p>
      <code className="block select-all break-all rounded-lg bg-slate-100 px-3 py-2 text-xs">
        {url}
      </code>
    </div>
  );
}
