import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import * as messages from "~/messages";

/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Typing submits after a 300 ms pause, a select at once (the page resets to 1). */
function useLiveSubmit() {
  const submit = useSubmit();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => submit(form, { replace: true, preventScrollReset: true }),
      typed ? SEARCH_DEBOUNCE_MS : 0,
    );
  };
  // An explicit submit wins over a pending debounced one, so no late navigation follows it.
  const onSubmit = () => window.clearTimeout(timer.current);
  return { onChange, onSubmit };
}

/**
 * The filter bar of an admin list: a GET form whose values live in the URL, its fields, the
 * submit button ("Filtrar" unless `submitLabel` says otherwise) and, while a filter is on, a
 * "Limpar filtros" link to `clearHref`. Without JavaScript the button submits it; with `live`
 * (the spec's customer and plan searches) typing and choosing submit by themselves.
 */
export function FilterForm({
  label,
  live = false,
  submitLabel = messages.admin.filter,
  clearHref,
  filtered = false,
  children,
}: {
  label?: string;
  live?: boolean;
  submitLabel?: string;
  clearHref: string;
  filtered?: boolean;
  children: ReactNode;
}) {
  const handlers = useLiveSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      {...(live ? handlers : {})}
      className="card flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {children}
      <div className="flex gap-2">
        <button type="submit" className="btn-secondary">
          {submitLabel}
        </button>
        {filtered && (
          <Link to={clearHref} className="btn-ghost">
            {messages.admin.clearFilters}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The list's text search: `q`, labelled, taking the free width of the filter bar. */
export function SearchInput({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name="q" type="search" className="input" {...input} />
    </div>
  );
}

/** A select of the filter bar whose first option ("Todos...", `allValue`) turns the filter off. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  allValue = "",
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | number;
  allLabel: string;
  allValue?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="input">
        <option value={allValue}>{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
