import type { ButtonHTMLAttributes } from "react";

/**
 * A form's submit button while its post or search may be on its way: with `busy` it says so
 * (`busyLabel`) and can't be pressed again; without JavaScript it is never busy.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: { busy: boolean; busyLabel: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  return (
    <button type="submit" {...button} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
