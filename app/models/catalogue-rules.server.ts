/**
 * What the catalogue models (categories, brands, vehicles) share: the outcome of a change the
 * admin asked for, and how names are compared for uniqueness.
 */

/** A refused change carries the HTTP status the API answers with and, when it is one field's fault, that field. */
export type Refusal = { ok: false; status: 400 | 404 | 409; message: string; field?: string };
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const refuse = (status: Refusal["status"], message: string, field?: string): Refusal => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});


/** A unique index refused the write: another writer got the same name in first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** `%` and `_` typed by a person are letters, not wildcards (pair with `escape '\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const nameCollator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** How a form action reports a refusal: on its field when it has one, else above the form. */
export function refusalReply(
  refusal: Refusal,
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  return refusal.field
    ? { fieldErrors: { [refusal.field]: [refusal.message] } }
    : { formErrors: [refusal.message] };
}

/** The API's field errors for a refusal (`errors` of the envelope), when it is one field's fault. */
export function refusalErrors(refusal: Refusal): Record<string, string[]> | undefined {
  return refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
}
