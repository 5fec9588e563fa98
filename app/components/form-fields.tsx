import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/schemas/auth";
import { useHydrated } from "~/components/hooks";
import { messages } from "~/utils/messages";

type FieldProps = {
  label: string;
  errors?: string[];
  errorId: string;
} & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, errors, errorId, id, ...input }: FieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
      {invalid && (
        <p id={errorId} className="field-error">
          {errors![0]}
        </p>
      )}
    </div>
  );
}

/** A password input whose show/hide toggle appears only once JavaScript can run it. */
export function PasswordField(props: FieldProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { label, errors, errorId, id, ...input } = props;
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          className="input pr-20"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
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
      {invalid && (
        <p id={errorId} className="field-error">
          {errors![0]}
        </p>
      )}
    </div>
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

type PasswordFieldMeta = FieldMetadata<string | undefined>;

/** Current, new and confirmation passwords: the trio of every password change form. */
export function PasswordChangeFields({
  fields,
}: {
  fields: {
    currentPassword: PasswordFieldMeta;
    newPassword: PasswordFieldMeta;
    confirmPassword: PasswordFieldMeta;
  };
}) {
  const m = messages.settings;
  const trio = [
    [fields.currentPassword, m.currentPassword, "current-password"],
    [fields.newPassword, m.newPassword, "new-password"],
    [fields.confirmPassword, m.confirmPassword, "new-password"],
  ] as const;
  return (
    <>
      {trio.map(([field, label, autoComplete]) => {
        const { key, ...input } = getInputProps(field, { type: "password" });
        return (
          <PasswordField
            key={key ?? field.name}
            label={label}
            errors={field.errors}
            errorId={field.errorId}
            {...input}
            autoComplete={autoComplete}
          />
        );
      })}
    </>
  );
}
