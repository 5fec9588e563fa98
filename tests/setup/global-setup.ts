import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../../app/utils/db.server";

/** One migrated database file; every test file starts from its own copy of it. */
export default function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const dir = mkdtempSync(path.join(tmpdir(), "encaixa-test-"));
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, "base.db");
  const db = openDatabase(base);
  migrateDatabase(db, path.resolve("db/migrations"));
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
  provide("baseDatabase", base);
  provide("testRoot", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseDatabase: string;
    testRoot: string;
  }
}
