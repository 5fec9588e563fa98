/** What the catalogue models (categories, brands, parts, vehicles) share when they write. */

/** A unique index refused the write: another writer got the same name in first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** `%` and `_` typed by a person are letters, not wildcards (pair with `escape '\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const nameCollator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });
