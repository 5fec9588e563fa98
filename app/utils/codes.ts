/** "Suspensão" → "Suspensao": the combining marks go, the letters stay. */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** "Suspensão", "suspensao" and " SUSPENSÃO " are one name: case, accents and spacing do not count. */
export function foldName(name: string): string {
  return stripAccents(name).toLocaleLowerCase("pt-BR").replace(/\s+/g, " ").trim();
}

/**
 * Part codes are compared in one simplified form, as the catalogues do: upper-case letters and digits
 * only, so "BR-123.456", "br 123456" and "BR123456" are one code. Shared by browser and server.
 */
export function normalizeCode(code: string): string {
  return stripAccents(code)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

const YEAR = /(^|\D)(19|20)\d{2}(\D|$)/;

/**
 * The spec's rule: whitespace or a 19xx/20xx year makes a description search; the header box also
 * treats a comma so.
 */
export function isDescriptionQuery(query: string, options: { header?: boolean } = {}): boolean {
  const q = query.trim();
  if (/\s/.test(q)) return true;
  if (YEAR.test(q)) return true;
  return Boolean(options.header && q.includes(","));
}
