import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Field, PasswordField } from "~/components/form-fields";
import * as messages from "~/messages";

/** The account's e-mail as sign-in and sign-up ask for it, so the browser can fill it in. */
export function AccountEmailField({ meta }: { meta: TextMeta }) {
  return (
    <Field
      meta={meta}
      type="email"
      label={messages.auth.email}
      autoComplete="email"
      inputMode="email"
    />
  );
}

type TextMeta = FieldMetadata<string, Record<string, unknown>, string[]>;

/** A password being chosen and its confirmation (sign-up, reset), so the browser can offer one. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: TextMeta;
  confirmPassword: TextMeta;
  labels: { password: string; confirmPassword: string };
}) {
  return (
    <>
      <PasswordField meta={password} label={labels.password} autoComplete="new-password" />
      <PasswordField
        meta={confirmPassword}
        label={labels.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}

/** The line under the sign-in or sign-up form that leads to the other one, keeping `redirectTo`. */
export function AuthSwitchLink({
  prompt,
  to,
  label,
  redirectTo,
}: {
  prompt: string;
  to: "/login" | "/register";
  label: string;
  redirectTo: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{" "}
      <Link
        to={redirectTo ? `${to}?${new URLSearchParams({ redirectTo })}` : to}
        className="font-semibold text-brand-700 hover:underline"
      >
        {label}
      </Link>
    </p>
  );
}
