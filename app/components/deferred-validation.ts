import { parse, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";

/** A form's client-side check: the form data against its shared zod schema. */
export type FormValidator<Shape> = (formData: FormData) => Submission<Shape>;

/**
 * Conform's `onValidate` for a form whose zod schema loads after the page has hydrated, when the
 * browser is idle: zod (~27 KB gzip) stays off the page's critical path. Until it has arrived
 * (or if it cannot load), a submit goes straight to the server, which checks the same schema.
 */
export function useDeferredValidation<Shape>(
  load: () => Promise<FormValidator<Shape>>,
): (context: { formData: FormData }) => Submission<Shape> {
  const [validate, setValidate] = useState<FormValidator<Shape> | null>(null);
  useEffect(() => {
    let live = true;
    const start = () =>
      load()
        .then((loaded) => live && setValidate(() => loaded))
        .catch(() => undefined);
    const idle = window.requestIdleCallback?.(start, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(start, 200) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
    // The schema is the form's for its whole life: load it once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ({ formData }) =>
    validate
      ? validate(formData)
      : (parse(formData, { resolve: (value) => ({ value }) }) as Submission<Shape>);
}
