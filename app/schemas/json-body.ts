/**
 * Reading a JSON body the way the form fields read: the /api routes hand the parsed body to these
 * before the form's own schema runs on it, so both answer with the same messages.
 */

/**
 * The JSON Schema of a body read from `unknown` (zod can only say `{}` of it), as zod `.meta()`:
 * the /api contract shows the fields a client sends. Types only: the schema's own rules and
 * messages still decide.
 */
export function jsonBodyShape(
  properties: Record<string, Record<string, unknown>>,
  required: readonly string[] = [],
) {
  return { type: "object", properties, required: [...required] };
}

/** The body as an object; an array, null or a bare value reads as an empty one. */
export function jsonObject(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** A JSON scalar as the form would have sent it; objects, arrays and null count as missing. */
export function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The string fields of a JSON body; anything that is not a string counts as missing. */
export function stringFields<K extends string>(
  body: unknown,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const source = jsonObject(body);
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key] as string;
  return out;
}

/** Drops the keys that were not given, as an absent form field would be. */
export function compact<T extends Record<string, string | undefined>>(
  given: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
