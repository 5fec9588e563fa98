import { spawn, type ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { accepted } from "../support/factories";

const BATCH = 10;
/**
 * The backup is consistent while others write: another process commits batches of categories as
 * fast as it can, and this process writes through its own connection too, during the copy. Every
 * batch in the copy must be whole, and the copy must pass integrity_check.
 */

let writer: ChildProcess | undefined;
afterAll(() => writer?.kill("SIGKILL"));

function startWriter(): Promise<ChildProcess> {
  // node itself, not the tsx wrapper: a SIGKILL must reach the process that writes.
  const script = path.resolve("tests/support/backup-writer.ts");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", script, env().DATABASE_PATH, String(BATCH)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`writer exited with ${code}`)));
  });
}

describe("a backup taken while another process writes", () => {
  it("is a whole, checked snapshot: every batch all in or all out", async () => {
    // Some 40 MB, so the copy takes many steps and the writer's commits land in the middle.
    db().$client.exec(
      "create table if not exists filler (blob blob); " +
        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 10000) " +
        "insert into filler select randomblob(4000) from n",
    );
    writer = await startWriter();

    let ownBatches = 0;
    let writing = true;
    const ownInsert = db().$client.prepare("insert into categories (name) values (?)");
    const writeOwn = db().$client.transaction((n: number) => {
      for (let i = 0; i < BATCH; i++) ownInsert.run(`Próprio ${n} item ${i}`);
    });
    const ownLoop = () => {
      if (!writing) return;
      writeOwn(++ownBatches);
      setTimeout(ownLoop, 1);
    };
    ownLoop();

    const { backup } = accepted(await createBackup());
    writing = false;
    writer.kill("SIGKILL");

    const copy = new Database(backup.path, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const countLike = (pattern: string) =>
      (
        copy.prepare("select count(*) as n from categories where name like ?").get(pattern) as {
          n: number;
        }
      ).n;
    const fromWriter = countLike("Lote %");
    const fromOwn = countLike("Próprio %");
    expect(fromWriter).toBeGreaterThan(0);
    expect(fromWriter % BATCH).toBe(0);
    expect(fromOwn % BATCH).toBe(0);
    // The batches are a prefix: batch k is in only if every batch before it is.
    const highest = (
      copy
        .prepare(
          "select max(cast(substr(name, 6, instr(substr(name, 6), ' ') - 1) as integer)) as k from categories where name like 'Lote %'",
        )
        .get() as { k: number }
    ).k;
    expect(highest * BATCH).toBe(fromWriter);
    expect((copy.prepare("select count(*) as n from filler").get() as { n: number }).n).toBe(10000);
    copy.close();
  }, 60_000);
});
