import Database from "better-sqlite3";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { setImmediate as nextTurn } from "node:timers/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "./env.server";
import {
  PRIVATE_FILE_MODE,
  privateDirectory,
  privateFile,
  tightenMode,
} from "./private-files.server";

/** Queries are built from the tables (`~db/schema`) they read; no relational `db.query` API. */
export type Db = BetterSQLite3Database & { $client: Database.Database };

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  process.env.ENCAIXA_MIGRATIONS_DIR ?? "../../db/migrations",
);

/**
 * Opens (creating if need be) the database file. It is created 0600 before SQLite opens it, in a
 * folder created 0700: SQLite gives the -wal, -shm and -journal files the database file's mode, so
 * they are private too; an older, looser file and its -wal/-shm are tightened (ADR 0029).
 */
export function openDatabase(file: string): Db {
  if (file !== ":memory:" && !file.startsWith("file:")) {
    privateDirectory(path.dirname(file));
    privateFile(file);
    for (const suffix of ["-wal", "-shm"]) tightenMode(`${file}${suffix}`, PRIVATE_FILE_MODE);
  }
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return drizzle(sqlite) as Db;
}

export function migrateDatabase(db: Db, folder = migrationsFolder) {
  migrate(db, { migrationsFolder: folder });
}

let instance: Db | undefined;

/** The app's one connection; migrations run on first use so every entry point sees the same schema. */
export function db(): Db {
  if (!instance) {
    instance = openDatabase(env().DATABASE_PATH);
    migrateDatabase(instance);
  }
  return instance;
}

export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}

/**
 * Runs `work` inside BEGIN IMMEDIATE: the write lock is taken up front, so a check followed by a
 * write cannot be interleaved with another process doing the same.
 */
export function immediateTransaction<T>(database: Db, work: () => T): T {
  return database.$client.transaction(work).immediate();
}

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A prepared statement for raw SQL, prepared once per connection: for the queries every request
 * runs, where building and preparing a query each time costs more than running it.
 */
export function cachedStatement(sqlText: string): Database.Statement {
  const client = db().$client;
  let cache = statementCache.get(client);
  if (!cache) {
    cache = new Map();
    statementCache.set(client, cache);
  }
  let statement = cache.get(sqlText);
  if (!statement) {
    statement = client.prepare(sqlText);
    cache.set(sqlText, statement);
  }
  return statement;
}

/**
 * A drizzle query built and prepared once per connection (with `sql.placeholder` for its
 * parameters), for the queries every request runs: building the SQL and preparing it each time
 * was a fifth of the search page's CPU. Keeps drizzle's result mapping (dates, booleans).
 */
export function preparedOnce<T>(build: (database: Db) => T): () => T {
  const cache = new WeakMap<Db, T>();
  return () => {
    const database = db();
    let query = cache.get(database);
    if (query === undefined) {
      query = build(database);
      cache.set(database, query);
    }
    return query;
  };
}

/**
 * `column in (ids)` with the ids as one JSON array parameter: one statement whatever their number
 * (so it can be prepared once, with a placeholder), and SQLite probes the column's index per id.
 */
export function inIdList(column: SQLiteColumn, ids: readonly number[] | Placeholder): SQL {
  const list = Array.isArray(ids) ? JSON.stringify(ids) : ids;
  return sql`${column} in (select value from json_each(${list}))`;
}

/** Reading below this many milliseconds is always done again: nobody waits, nothing is stale. */
export const SLOW_AGGREGATE_MS = 20;
/** A slow reading is reused for this many times what it cost: at most 1 % of a core on it. */
export const SLOW_AGGREGATE_REUSE = 100;

/**
 * A figure read over a whole table (parts per category, links on a million parts) that pages
 * show on every visit. While reading it costs under SLOW_AGGREGATE_MS it is read each time, so a
 * small catalogue shows every change at once; once it costs more, a reading is reused for
 * SLOW_AGGREGATE_REUSE times its cost (50 ms → 5 s), per connection. Only for figures where a
 * few seconds' lag is harmless: never for a rule that decides a write.
 */
export function slowAggregate<T>(
  read: () => T,
  clock: () => number = () => performance.now(),
): () => T {
  const kept = new WeakMap<Db, { value: T; until: number }>();
  return () => {
    const database = db();
    const now = clock();
    const reading = kept.get(database);
    if (reading && now < reading.until) return reading.value;
    const value = read();
    const cost = clock() - now;
    if (cost >= SLOW_AGGREGATE_MS)
      kept.set(database, { value, until: now + cost * (1 + SLOW_AGGREGATE_REUSE) });
    else kept.delete(database);
    return value;
  };
}

/** Rows a stepped scan reads at a time: a step stays within a few tens of ms on the 1M catalogue. */
export const STEP_ROWS = 25_000;

export type IdRange = { after: number; last: number };

/**
 * The ranges of `table`'s ids, `stepRows` ids each, in order, with a turn of the event loop
 * before each: a read over the whole catalogue done range by range lets the process answer
 * everyone else meanwhile (ADR 0024). `table` is one of ours, never user input. No transaction
 * spans the steps, so rows written meanwhile may or may not be seen.
 */
export async function* idRanges(table: string, stepRows = STEP_ROWS): AsyncGenerator<IdRange> {
  const end = cachedStatement(
    `select max(id) as last from (select id from ${table} where id > ? order by id limit ?)`,
  );
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    await nextTurn();
    const { last } = end.get(after, stepRows) as { last: number | null };
    if (last === null) return;
    yield { after, last };
    after = last;
  }
}
