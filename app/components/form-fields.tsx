import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { useHydrated } from "~/components/hooks";
import * as messages from "~/messages";

/**
 * The house's form fields, in the Epic Stack's manner: each takes Conform's metadata of its field
 * (`meta`), a label and an optional hint, and renders the label, the control and the field's first
 * error, the control invalid and described by that error while it has one (Conform's aria). So a
 * form field is one line: `<Field meta={fields.name} label={m.name} maxLength={NAME_MAX} />`.
 * A length limit is the schema's own named constant, never a number written in the form.
 */

/** The frame of every form field: its label, the control (`children`), a hint and the first error. */
function FieldFrame({
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
      <HintAndError hint={hint} errors={errors} errorId={errorId} />
    </div>
  );
}

/** What follows a field's control: its hint, then its first error (which the control names). */
function HintAndError({
  hint,
  errors,
  errorId,
}: {
  hint?: string;
  errors?: string[];
  errorId: string;
}) {
  return (
    <>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </>
  );
}

/** A field's Conform metadata, whatever the form (the fields read its id, name, value and errors). */
type Meta<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

type Labelled<Schema> = { meta: Meta<Schema>; label: string; hint?: string };

/** What a form still sets on a control beside what Conform derives from the field. */
type Extra<Attributes> = Omit<Attributes, "id" | "name" | "form" | "type">;

type TextInputType = "text" | "email" | "tel" | "url" | "number" | "password" | "search";

/** An input (text unless `type` says otherwise). */
export function Field<Schema>({
  meta,
  label,
  hint,
  type = "text",
  ...input
}: Labelled<Schema> & { type?: TextInputType } & Extra<InputHTMLAttributes<HTMLInputElement>>) {
  const { key: _key, ...control } = getInputProps(meta, { type });
  return (
    <FieldFrame id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId}>
      <input className="input" {...control} {...input} />
    </FieldFrame>
  );
}

export function TextareaField<Schema>({
  meta,
  label,
  hint,
  ...area
}: Labelled<Schema> & Extra<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { key: _key, ...control } = getTextareaProps(meta);
  return (
    <FieldFrame id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId}>
      <textarea className="input min-h-24" {...control} {...area} />
    </FieldFrame>
  );
}

/** A select of `options`, with a first empty option when there is a `placeholder`. */
export function SelectField<Schema>({
  meta,
  label,
  hint,
  options,
  placeholder,
  ...select
}: Labelled<Schema> & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & Extra<SelectHTMLAttributes<HTMLSelectElement>>) {
  const { key: _key, ...control } = getSelectProps(meta);
  return (
    <FieldFrame id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId}>
      <select className="input" {...control} {...select}>
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

/**
 * A checkbox with its label beside it, then its hint and its first error; no frame of its own, so
 * it sits in the form's flow as the form lays it out.
 */
export function CheckboxField<Schema>({ meta, label, hint }: Labelled<Schema>) {
  const { key: _key, ...control } = getInputProps(meta, { type: "checkbox" });
  return (
    <>
      <div className="flex items-center gap-2">
        <input {...control} className="h-4 w-4 rounded border-slate-300" />
        <label htmlFor={meta.id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <HintAndError hint={hint} errors={meta.errors} errorId={meta.errorId} />
    </>
  );
}

/** A password input whose show/hide toggle appears only once JavaScript can run it. */
export function PasswordField<Schema>({
  meta,
  label,
  hint,
  ...input
}: Labelled<Schema> & Extra<InputHTMLAttributes<HTMLInputElement>>) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key: _key, ...control } = getInputProps(meta, { type: "password" });
  return (
    <FieldFrame id={meta.id} label={label} hint={hint} errors={meta.errors} errorId={meta.errorId}>
      <div className="relative">
        <input
          className="input pr-20"
          {...control}
          {...input}
          type={visible ? "text" : "password"}
        />
        {hydrated && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={meta.id}
          >
            {visible ? messages.auth.hidePassword : messages.auth.showPassword}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}

/**
 * An input of a form Conform does not run (a GET form whose errors come from the loader): id, name
 * and errors given by hand, in the same frame and with the same aria as the fields above.
 */
export function TextField({
  label,
  hint,
  errors,
  errorId,
  id,
  ...input
}: {
  label: string;
  hint?: string;
  errors?: string[];
  errorId: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = Boolean(errors?.length);
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} errorId={errorId}>
      <input
        id={id}
        className="input"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
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
