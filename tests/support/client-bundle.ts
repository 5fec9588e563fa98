import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getTableName, is, Table } from "drizzle-orm";
import * as schema from "../../db/schema";

/**
 * What the browser must never receive: the database schema (drizzle's table builder, column and
 * table names), the SQLite driver and the names of server secrets. Read from an existing client
 * build, built by nothing here (docs/decisions/0015-csrf-and-headers.md).
 */

/** The client half of the build `ENCAIXA_BUILD_DIR` (default `build`) names. */
export function clientBuildDir(): string {
  return path.resolve(process.env.ENCAIXA_BUILD_DIR ?? "build", "client");
}

/** Tables a page names on purpose: the alternative-codes demo shows its structure (the spec). */
const PUBLISHED_TABLES = new Set(["part_alternative_codes"]);

/**
 * Words only server code holds: fixed markers, and every table whose name cannot be an ordinary
 * word of the pages (those with an underscore: `login_attempts`, `part_vehicles`…).
 */
export function serverOnlyWords(): string[] {
  const exported: unknown[] = Object.values(schema);
  const tables = exported
    .filter((value): value is Table => is(value, Table))
    .map((table) => getTableName(table))
    .filter((name) => name.includes("_") && !PUBLISHED_TABLES.has(name));
  return ["password_hash", "sqliteTable", "better-sqlite3", "SESSION_SECRET", ...tables];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every file of the client build that holds a server-only word, with the words it holds. */
export function serverLeaks(clientDir: string): { file: string; words: string[] }[] {
  const words = serverOnlyWords();
  return filesUnder(clientDir)
    .map((file) => {
      const text = readFileSync(file, "latin1");
      return { file: path.relative(clientDir, file), words: words.filter((w) => text.includes(w)) };
    })
    .filter((leak) => leak.words.length > 0);
}

/** The newest modification time of the files under `dir` (0 when it is absent). */
export function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...filesUnder(dir).map((file) => statSync(file).mtimeMs));
}
