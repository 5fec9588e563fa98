import { Form, Link, useSubmit } from "@remix-run/react";
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
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

/** The filter values as the URL has them, by field name (an absent one shows as empty). */
type FilterValues = Readonly<Record<string, string | number | null | undefined>>;

const FilterFields = createContext<{ idPrefix: string; values: FilterValues }>({
  idPrefix: "filter",
  values: {},
});

/**
 * The filter bar of an admin list: a GET form whose values live in the URL, its fields, the
 * submit button ("Filtrar" unless `submitLabel` says otherwise) and, while a filter is on, a
 * "Limpar filtros" link to `clearHref`. Without JavaScript the button submits it; with `live`
 * (the spec's customer and plan searches) typing and choosing submit by themselves. Its fields
 * take their ids from `idPrefix` and their current values from `values`, by name.
 */
export function FilterForm({
  label,
  live = false,
  submitLabel = messages.admin.filter,
  clearHref,
  filtered = false,
  idPrefix,
  values,
  children,
}: {
  label?: string;
  live?: boolean;
  submitLabel?: string;
  clearHref: string;
  filtered?: boolean;
  idPrefix: string;
  values: FilterValues;
  children: ReactNode;
}) {
  const handlers = useLiveSubmit();
  return (
    <FilterFields.Provider value={{ idPrefix, values }}>
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
    </FilterFields.Provider>
  );
}

/**
 * A labelled field of the filter bar (`wide` takes the bar's free width): its control gets the id
 * `<list>-<name in kebab-case>`, the name and the value the URL gives it now.
 */
function FilterField({
  name,
  label,
  wide = false,
  children: control,
}: {
  name: string;
  label: string;
  wide?: boolean;
  children: (field: { id: string; name: string; defaultValue: string | number }) => ReactNode;
}) {
  const { idPrefix, values } = useContext(FilterFields);
  const id = `${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return (
    <div className={wide ? "flex-1" : undefined}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {control({ id, name, defaultValue: values[name] ?? "" })}
    </div>
  );
}

/** The list's text search: `q`, labelled, taking the free width of the filter bar. */
export function SearchInput({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  return (
    <FilterField name="q" label={label} wide>
      {(field) => <input {...field} type="search" className="input" {...input} />}
    </FilterField>
  );
}

/** A select of the filter bar whose first option ("Todos...", `allValue`) turns the filter off. */
export function FilterSelect({
  name,
  label,
  allLabel,
  allValue = "",
  options,
}: {
  name: string;
  label: string;
  allLabel: string;
  allValue?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <FilterField name={name} label={label}>
      {(field) => (
        <select {...field} className="input">
          <option value={allValue}>{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/** One end of a date range filter: a calendar day (YYYY-MM-DD) kept in the URL as `name`. */
export function DateFilter({ name, label }: { name: string; label: string }) {
  return (
    <FilterField name={name} label={label}>
      {(field) => <input {...field} type="date" className="input" />}
    </FilterField>
  );
}
