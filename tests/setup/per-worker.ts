import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, inject } from "vitest";

/** Each test file gets a fresh copy of the migrated database before any app module opens it. */
const dir = path.join(inject("testRoot"), randomUUID());
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "encaixa.db");
copyFileSync(inject("baseDatabase"), file);
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = file;
process.env.SESSION_SECRET = "test-secret-".padEnd(40, "x");
process.env.NODE_ENV = "test";
delete process.env.REDIS_URL;

afterAll(async () => {
  const { closeDb } = await import("../../app/utils/db.server");
  closeDb();
});
