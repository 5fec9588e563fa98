import { spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categories } from "~db/schema";
import * as messages from "~/messages";
import { backupsFolder, listBackups } from "~/models/backups/backup-records.server";
import { createBackup } from "~/models/backups/backup.server";
import { closeDb, db, migrateDatabase, openDatabase } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { accepted } from "../support/factories";

/**
 * `npm run db:restore FILE`, run as the real command against this worker's database: writes,
 * a backup, more writes, the restore; then what the database holds. And the restores it refuses.
 */

const m = messages.backups;

function restore(file: string) {
  const result = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("scripts/restore-database.ts"), file],
    { env: { ...process.env }, encoding: "utf8", timeout: 60_000 },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const names = (prefix: string) =>
  db()
    .select({ name: categories.name })
    .from(categories)
    .all()
    .map((row) => row.name)
    .filter((name) => name.startsWith(prefix))
    .sort();

const add = (...list: string[]) =>
  db()
    .insert(categories)
    .values(list.map((name) => ({ name })))
    .run();

const safetyCopies = () =>
  readdirSync(backupsFolder()).filter((name) => name.startsWith("encaixa-before-restore-"));

describe("npm run db:restore", () => {
  it("brings the database back to the backup: earlier writes there, later writes gone", async () => {
    add("Restaurar antes A", "Restaurar antes B");
    const { backup } = accepted(await createBackup());
    add("Restaurar depois C");
    // A backup made after the restored one: the restored table does not know it, the folder does.
    const later = accepted(await createBackup(new Date(Date.now() + 60_000))).backup;
    closeDb();

    const run = restore(backup.path);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain(m.restoreDone(backup.path, env().DATABASE_PATH));

    expect(names("Restaurar")).toEqual(["Restaurar antes A", "Restaurar antes B"]);
    // The database before the restore is kept, with the later write in it.
    const [safety] = safetyCopies();
    expect(safety).toBeDefined();
    const kept = new Database(path.join(backupsFolder(), safety!), { readonly: true });
    expect(
      kept.prepare("select count(*) as n from categories where name = ?").get("Restaurar depois C"),
    ).toEqual({ n: 1 });
    kept.close();
    expect(
      listBackups()
        .map((b) => b.fileName)
        .sort(),
    ).toEqual([backup.fileName, later.fileName].sort());
  }, 60_000);

  it("brings an older backup up to the current schema", async () => {
    // A database made by every migration but the newest, as a backup from before it would be.
    const journal = JSON.parse(
      readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const older = mkdtempSync(path.join(os.tmpdir(), "encaixa-older-migrations-"));
    mkdirSync(path.join(older, "meta"));
    const kept = journal.entries.slice(0, -1);
    writeFileSync(
      path.join(older, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries: kept }),
    );
    for (const { tag } of kept)
      copyFileSync(path.resolve("db/migrations", `${tag}.sql`), path.join(older, `${tag}.sql`));
    const file = path.join(backupsFolder(), "encaixa-esquema-antigo.db");
    const oldDb = openDatabase(file);
    migrateDatabase(oldDb, older);
    oldDb.insert(categories).values({ name: "Esquema antigo" }).run();
    oldDb.$client.pragma("journal_mode = DELETE");
    oldDb.$client.close();
    closeDb();

    const run = restore(file);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(names("Esquema antigo")).toEqual(["Esquema antigo"]);
    // Every migration is recorded again: the newest one ran on the restored file.
    expect(db().$client.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({
      n: journal.entries.length,
    });
  }, 60_000);

  describe("refuses, changing nothing", () => {
    const unchanged = async (file: string, expected: string) => {
      add(`Intocado ${path.basename(file)}`);
      const before = names("");
      const copiesBefore = safetyCopies();
      closeDb();
      const run = restore(file);
      expect(run.code).not.toBe(0);
      expect(run.err).toContain(expected);
      expect(names("")).toEqual(before);
      expect(safetyCopies()).toEqual(copiesBefore);
    };

    it("a file that is not a SQLite database", async () => {
      const file = path.join(env().DATA_DIR, "notas.db");
      writeFileSync(file, "isto não é um banco de dados ".repeat(20));
      await unchanged(file, m.restoreNotSqlite(file));
    }, 60_000);

    it("a SQLite database without Encaixa's tables", async () => {
      const file = path.join(env().DATA_DIR, "outro.db");
      const other = new Database(file);
      other.exec("create table contatos (nome text); insert into contatos values ('Ana')");
      other.close();
      await unchanged(
        file,
        m.restoreForeign(file, ["__drizzle_migrations", "users", "parts", "vehicles", "backups"]),
      );
    }, 60_000);

    it("a file that does not exist, and no file at all", async () => {
      const file = path.join(env().DATA_DIR, "sumiu.db");
      await unchanged(file, m.restoreMissing(file));
      const run = restore("");
      expect(run.code).toBe(2);
      expect(run.err).toContain(m.restoreUsage);
    }, 60_000);

    it("while the server has the database open", async () => {
      const { backup } = accepted(await createBackup(new Date(Date.now() + 180_000)));
      add("Servidor aberto");
      const before = names("");
      const copiesBefore = safetyCopies();
      const run = restore(backup.path); // this process keeps its connection open, as a server does
      expect(run.code).toBe(1);
      expect(run.err).toContain(m.restoreServerRunning);
      expect(names("")).toEqual(before);
      expect(safetyCopies()).toEqual(copiesBefore);
      expect(existsSync(backup.path)).toBe(true);
    }, 60_000);
  });
});
