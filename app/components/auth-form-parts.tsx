import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useSeo } from "~/components/hooks";
import { LogoMark } from "~/components/logo-mark";
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

/** The frame of every page before sign-in (and of the links mailed out): logo, one card, the way back. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { siteName } = useSeo();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2">
        <LogoMark size="large" />
        <span className="text-xl font-bold">{siteName}</span>
      </Link>
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <Link to="/" className="mt-6 text-sm font-medium text-brand-700 hover:underline">
        {messages.auth.backToStart}
      </Link>
    </main>
  );
}
