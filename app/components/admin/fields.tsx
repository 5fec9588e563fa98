import type { SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

type Described = { label: string; errors?: string[]; errorId: string; hint?: string };

function FieldError({ errors, id }: { errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  );
}

export function SelectField({
  label,
  errors,
  errorId,
  hint,
  id,
  options,
  placeholder,
  ...select
}: Described &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: { value: string; label: string }[];
    placeholder?: string;
  }) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <FieldError errors={errors} id={errorId} />
    </div>
  );
}

export function TextAreaField({
  label,
  errors,
  errorId,
  hint,
  id,
  ...area
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        className="input min-h-24"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...area}
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <FieldError errors={errors} id={errorId} />
    </div>
  );
}
