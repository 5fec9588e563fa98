import { parse, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

/** A form's client-side check: the form data against its shared zod schema. */
export type FormValidator<Shape> = (formData: FormData) => Submission<Shape>;

/** What shows a visitor is about to fill the form: the schema starts loading then. */
const FIRST_TOUCH = ["focusin", "pointerdown", "keydown"] as const;

/**
 * Conform's `onValidate` for a form whose zod schema loads with the visitor's first touch of the
 * page (a focus, a tap, a key): zod (~30 KB gzip) is not part of the page's own JavaScript, and a
 * visitor who only reads the page never downloads it. Until it has arrived (or if it cannot
 * load), a submit goes straight to the server, which checks the same schema.
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
    const once = () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, once, true);
      void start();
    };
    for (const type of FIRST_TOUCH) window.addEventListener(type, once, true);
    return () => {
      live = false;
      for (const type of FIRST_TOUCH) window.removeEventListener(type, once, true);
    };
    // The schema is the form's for its whole life: load it once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ({ formData }) =>
    validate
      ? validate(formData)
      : (parse(formData, { resolve: (value) => ({ value }) }) as Submission<Shape>);
}

/**
 * `useDeferredValidation` with a zod schema: the schema module and Conform's zod parser arrive
 * together on the first touch, so a page whose form may not even show (the PIX page with its QR
 * code up) does not carry them (ADR 0017, 0063).
 */
export function useDeferredSchemaValidation<Input extends Record<string, unknown>, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): (context: { formData: FormData }) => Submission<Input> {
  return useDeferredValidation<Input>(async () => {
    const [{ parseWithZod: check }, schema] = await Promise.all([
      import("@conform-to/zod/v4"),
      loadSchema(),
    ]);
    return (formData: FormData) => check(formData, { schema }) as Submission<Input>;
  });
}
