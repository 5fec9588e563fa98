import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "~db/schema";
import { backupsFolder } from "~/models/backups/backup-records.server";
import { createBackup } from "~/models/backups/backup.server";
import { restoreDatabase } from "~/models/backups/restore.server";
import { csvUploadDirectory } from "~/models/imports/catalogue/csv-source.server";
import { db, migrateDatabase, openDatabase } from "~/utils/db.server";
import { loadEnv } from "~/utils/env.server";
import { accepted } from "../support/factories";

/** The permission bits of a file or folder. */
const mode = (target: string) => statSync(target).mode & 0o777;

// Under the usual umask (022) files come out 0644 and folders 0755 unless the code says otherwise.
let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

const scratch = () => mkdtempSync(path.join(tmpdir(), "encaixa-modes-"));

describe("private files (ADR 0029)", () => {
  it("a fresh database, its -wal and -shm are 0600 in a 0700 folder", () => {
    const folder = path.join(scratch(), "novo", "dados");
    const file = path.join(folder, "encaixa.db");
    const database = openDatabase(file);
    try {
      migrateDatabase(database);
      database.insert(categories).values({ name: "Modo" }).run();
      expect(existsSync(`${file}-wal`)).toBe(true);
      expect(existsSync(`${file}-shm`)).toBe(true);
      for (const suffix of ["", "-wal", "-shm"]) expect(mode(`${file}${suffix}`)).toBe(0o600);
      expect(mode(folder)).toBe(0o700);
      expect(mode(path.dirname(folder))).toBe(0o700);
    } finally {
      database.$client.close();
    }
  });

  it("an older world-readable database and its -wal/-shm are tightened when opened", () => {
    const folder = scratch();
    const file = path.join(folder, "antigo.db");
    const first = openDatabase(file);
    first.$client.exec("create table t (x)");
    first.$client.exec("insert into t values (1)");
    for (const suffix of ["", "-wal", "-shm"]) chmodSync(`${file}${suffix}`, 0o644);
    const again = openDatabase(file);
    try {
      for (const suffix of ["", "-wal", "-shm"]) expect(mode(`${file}${suffix}`)).toBe(0o600);
    } finally {
      again.$client.close();
      first.$client.close();
    }
  });

  it("DATA_DIR's secrets are 0600 in a 0700 folder, older loose ones tightened", () => {
    const dataDir = path.join(scratch(), "data");
    const fresh = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir });
    expect(fresh.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "session-secret"))).toBe(0o600);
    expect(mode(path.join(dataDir, "payment-secrets-key"))).toBe(0o600);

    const older = path.join(scratch(), "data-antiga");
    mkdirSync(older, { mode: 0o755 });
    writeFileSync(path.join(older, "session-secret"), "a".repeat(64), { mode: 0o644 });
    chmodSync(older, 0o755);
    expect(loadEnv({ NODE_ENV: "test", DATA_DIR: older }).SESSION_SECRET).toBe("a".repeat(64));
    expect(mode(older)).toBe(0o700);
    expect(mode(path.join(older, "session-secret"))).toBe(0o600);
  });

  it("a backup is 0600 in a 0700 backups folder, and so is a restore's result", async () => {
    db().insert(categories).values({ name: "Backup privado" }).run();
    const { backup } = accepted(await createBackup());
    expect(mode(backup.path)).toBe(0o600);
    expect(mode(backupsFolder())).toBe(0o700);

    const restoreTo = path.join(scratch(), "restaurada", "encaixa.db");
    const folder = path.join(scratch(), "copias");
    accepted(await restoreDatabase(backup.path, restoreTo, folder));
    expect(mode(restoreTo)).toBe(0o600);
    expect(mode(path.dirname(restoreTo))).toBe(0o700);
    expect(mode(folder)).toBe(0o700);
  });

  it("uploaded catalogues go to a 0700 folder, an older loose one tightened", () => {
    const folder = csvUploadDirectory();
    expect(mode(folder)).toBe(0o700);
    chmodSync(folder, 0o755);
    expect(csvUploadDirectory()).toBe(folder);
    expect(mode(folder)).toBe(0o700);
  });
});
