import Database from "better-sqlite3";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backups, categories } from "~db/schema";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { accepted } from "../../../tests/support/factories";
import { backupsFolder, backupStamp, lastBackup, listBackups } from "./backup-records.server";
import { createBackup } from "./backup.server";
import { backupIsDue, backupStatus } from "./schedule.server";
import { sealAndCheck } from "./sealed-copy.server";

const HOUR = 3_600_000;

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

function addCategories(prefix: string, count: number) {
  db()
    .insert(categories)
    .values(Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}` })))
    .run();
}

const categoryNames = (file: string) => {
  const copy = new Database(file, { readonly: true });
  try {
    return (
      copy.prepare("select name from categories order by id").all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    copy.close();
  }
};

beforeEach(() => {
  db().delete(backups).run();
  rmSync(backupsFolder(), { recursive: true, force: true });
  withEnv({ BACKUP_KEEP: undefined, BACKUP_INTERVAL_HOURS: undefined });
});

afterEach(() => withEnv({ BACKUP_KEEP: undefined, BACKUP_INTERVAL_HOURS: undefined }));

describe("createBackup", () => {
  it("copies the live database into a checked, self-contained file with the same rows", async () => {
    addCategories("Backup modelo", 5);
    const { backup, deleted } = accepted(await createBackup());

    expect(backup.fileName).toMatch(/^encaixa-\d{8}-\d{6}(-\d+)?\.db$/);
    expect(path.dirname(backup.path)).toBe(backupsFolder());
    expect(existsSync(backup.path)).toBe(true);
    expect(existsSync(`${backup.path}-wal`)).toBe(false);
    expect(deleted).toEqual([]);
    const copy = new Database(backup.path, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    copy.close();
    const live = (
      db().$client.prepare("select name from categories order by id").all() as { name: string }[]
    ).map((row) => row.name);
    expect(categoryNames(backup.path)).toEqual(live);
    expect(live).toContain("Backup modelo 4");
  });

  it("names the file by São Paulo time and records it as the last backup", async () => {
    const at = new Date("2025-03-04T15:06:07Z");
    expect(backupStamp(at)).toBe("20250304-120607");
    const first = accepted(await createBackup(at)).backup;
    const second = accepted(await createBackup(at)).backup;
    expect(first.fileName).toBe("encaixa-20250304-120607.db");
    expect(second.fileName).toBe("encaixa-20250304-120607-2.db");
    const third = accepted(await createBackup(new Date(at.getTime() + 1000))).backup;
    expect(lastBackup()).toEqual(third);
    expect(listBackups().map((b) => b.id)).toEqual([third.id, second.id, first.id]);
  });

  it("keeps exactly BACKUP_KEEP backups, deleting the oldest files and rows", async () => {
    withEnv({ BACKUP_KEEP: "3" });
    const start = Date.parse("2025-05-01T10:00:00Z");
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(accepted(await createBackup(new Date(start + i * HOUR))).backup);

    const kept = listBackups();
    expect(kept.map((b) => b.fileName)).toEqual(
      made
        .slice(3)
        .reverse()
        .map((b) => b.fileName),
    );
    for (const gone of made.slice(0, 3)) expect(existsSync(gone.path)).toBe(false);
    const onDisk = readdirSync(backupsFolder()).filter((name) => name.startsWith("encaixa-2"));
    expect(onDisk.sort()).toEqual(kept.map((b) => b.fileName).sort());
    expect(backupStatus()).toMatchObject({ count: 3, keep: 3, last: kept[0] });
  });

  it("never deletes the backup just made, even when the clock went back", async () => {
    withEnv({ BACKUP_KEEP: "1" });
    accepted(await createBackup(new Date("2030-01-01T00:00:00Z")));
    const made = accepted(await createBackup(new Date("2025-01-01T00:00:00Z"))).backup;
    expect(listBackups()).toEqual([made]);
    expect(existsSync(made.path)).toBe(true);
  });

  it("never lists the file being written, and clears one a killed process left", async () => {
    const folder = backupsFolder();
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, ".encaixa-20200101-000000.db.partial"), "half a database");
    const listedWhileCopying: string[][] = [];
    // Sample the folder and the list while the copy is in progress.
    const sampler = setInterval(() => {
      listedWhileCopying.push(listBackups().map((b) => b.fileName));
    }, 0);
    addCategories("Backup parcial", 200);
    const { backup } = accepted(await createBackup());
    clearInterval(sampler);

    for (const listed of listedWhileCopying)
      for (const name of listed) expect(name).toMatch(/^encaixa-\d{8}-\d{6}(-\d+)?\.db$/);
    expect(readdirSync(folder).filter((name) => name.endsWith(".partial"))).toEqual([]);
    expect(listBackups().map((b) => b.fileName)).toEqual([backup.fileName]);
  });

  it("refuses a second backup while one runs, and leaves the lock free afterwards", async () => {
    const [one, two] = await Promise.all([createBackup(), createBackup()]);
    const outcomes = [one, two];
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ ok: false, reason: "already_current" });
    expect(backupStatus().running).toBe(false);
    expect(accepted(await createBackup()).backup).toBeTruthy();
  });

  it("takes over the lock of a process that died holding it", async () => {
    mkdirSync(backupsFolder(), { recursive: true });
    const deadPid = 2 ** 22 + 12345;
    writeFileSync(
      path.join(backupsFolder(), ".backup.lock"),
      JSON.stringify({ pid: deadPid, host: hostname(), startedAt: Date.now() }),
    );
    expect((await createBackup()).ok).toBe(true);
  });
});

describe("backupIsDue", () => {
  it("is due when there is no backup yet, or the last is BACKUP_INTERVAL_HOURS old", async () => {
    withEnv({ BACKUP_INTERVAL_HOURS: "24" });
    const now = new Date("2025-06-10T12:00:00Z");
    expect(backupIsDue(now)).toBe(true);
    accepted(await createBackup(new Date(now.getTime() - 23 * HOUR)));
    expect(backupIsDue(now)).toBe(false);
    expect(backupIsDue(new Date(now.getTime() + HOUR))).toBe(true);

    withEnv({ BACKUP_INTERVAL_HOURS: "6" });
    expect(backupIsDue(now)).toBe(true);
    expect(backupStatus(now).nextDueAt).toEqual(new Date(now.getTime() - 17 * HOUR));
  });

  it("is never due with BACKUP_INTERVAL_HOURS=0", () => {
    withEnv({ BACKUP_INTERVAL_HOURS: "0" });
    expect(lastBackup()).toBeNull();
    expect(backupIsDue()).toBe(false);
    expect(backupStatus().nextDueAt).toBeNull();
  });
});

describe("checking a copy (in a worker thread)", () => {
  function copyWithRows(file: string) {
    rmSync(file, { force: true });
    const copy = new Database(file);
    copy.pragma("journal_mode = WAL");
    copy.exec("create table t (id integer primary key, body text)");
    const insert = copy.prepare("insert into t (body) values (?)");
    for (let i = 0; i < 500; i++) insert.run(`linha ${i} `.repeat(20));
    copy.close();
  }

  it("leaves a sound copy as one file without a WAL and says nothing", async () => {
    const file = path.join(backupsFolder(), "check-sound.db");
    mkdirSync(backupsFolder(), { recursive: true });
    copyWithRows(file);
    expect(await sealAndCheck(file)).toBeNull();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new Database(file, { readonly: true });
    expect(reopened.pragma("journal_mode", { simple: true })).toBe("delete");
    reopened.close();
  });

  it("reports a damaged page in SQLite's words", async () => {
    const file = path.join(backupsFolder(), "check-damaged.db");
    mkdirSync(backupsFolder(), { recursive: true });
    copyWithRows(file);
    const bytes = readFileSync(file);
    // Page 3 onward (4 KB pages): garbage in the middle of the table's b-tree pages.
    bytes.fill(0xa5, 4096 * 2 + 8, 4096 * 6);
    writeFileSync(file, bytes);
    expect(await sealAndCheck(file)).toMatch(/\S/);
  });
});
