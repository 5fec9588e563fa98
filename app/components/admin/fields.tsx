import type { SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { fieldAria, FieldFrame } from "~/components/form-fields";

type Described = { label: string; errors?: string[]; errorId: string; hint?: string };

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
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} errorId={errorId}>
      <select id={id} className="input" {...fieldAria(errors, errorId)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
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
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} errorId={errorId}>
      <textarea id={id} className="input min-h-24" {...fieldAria(errors, errorId)} {...area} />
    </FieldFrame>
  );
}
