import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { messages } from "~/utils/messages";

/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A GET filter form whose values live in the URL. Without JavaScript the button submits it; with
 * it, typing submits after a 300 ms pause and a select submits at once (the page resets to 1).
 */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
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
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      onChange={onChange}
      // An explicit submit wins over a pending debounced one, so no late navigation follows it.
      onSubmit={() => window.clearTimeout(timer.current)}
      className="card flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {children}
      <button type="submit" className="btn-secondary">
        {messages.admin.filter}
      </button>
    </Form>
  );
}
