import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { useHydrated } from "~/components/hooks";
import * as messages from "~/messages";

type FieldProps = {
  label: string;
  errors?: string[];
  errorId: string;
} & InputHTMLAttributes<HTMLInputElement>;

/** The ARIA of a field's control: invalid, and described by its message, while it has errors. */
export function fieldAria(errors: string[] | undefined, errorId: string) {
  const invalid = Boolean(errors?.length);
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? errorId : undefined,
  } as const;
}

/** The frame of every form field: its label, the control (`children`), a hint and the first error. */
export function FieldFrame({
  id,
  label,
  hint,
  errors,
  errorId,
  children,
}: {
  id?: string;
  label: string;
  hint?: string;
  errors?: string[];
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  errors,
  errorId,
  id,
  ...input
}: FieldProps & { hint?: string }) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} errorId={errorId}>
      <input id={id} className="input" {...fieldAria(errors, errorId)} {...input} />
    </FieldFrame>
  );
}

/** A password input whose show/hide toggle appears only once JavaScript can run it. */
export function PasswordField(props: FieldProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { label, errors, errorId, id, ...input } = props;
  return (
    <FieldFrame id={id} label={label} errors={errors} errorId={errorId}>
      <div className="relative">
        <input
          id={id}
          className="input pr-20"
          {...fieldAria(errors, errorId)}
          {...input}
          type={visible ? "text" : "password"}
        />
        {hydrated && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
          >
            {visible ? messages.auth.hidePassword : messages.auth.showPassword}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}

/** Humans never see or fill this field; a submission that fills it is a bot. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Website</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {errors[0]}
    </div>
  );
}
