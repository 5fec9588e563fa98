import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * What a catalogue writer remembers between batches (ADR 0030): the categories, brands and
 * vehicles it met or made, which vehicles it has counted, and — in a dry run, which has nowhere
 * else to keep them — the parts, alternative codes and fitments it would have created or changed.
 *
 * A dry run's share of this grows with the file (3.4 M planned fitments for a 170 MB one), and it
 * runs in a web process with a 128 MB heap. So the state is kept in memory while small (a file
 * of a few thousand rows stays as fast as before); once its estimated size passes `memoryBytes`,
 * what it meets next goes to a temporary SQLite file in `spillDirectory` (journal off, no syncs,
 * a bounded page cache outside the V8 heap), and what it already holds stays in memory, updated
 * there. So its heap never passes about `memoryBytes`, and nothing is copied (a copy would stall
 * the web process). The file is deleted by `close()` (and, should the process die first, by the
 * uploads' pruning an hour later).
 */

export type KnownPart = {
  id: number;
  manufacturer: string;
  name: string;
  description: string | null;
  category_id: number | null;
};

export type KnownVehicle = {
  id: number;
  version: string;
  engine: string | null;
  fuel: string | null;
};

export type FitmentValues = {
  notes: string | null;
  position: string | null;
  year_from: number | null;
  year_to: number | null;
};

export type WriterState = {
  category(key: string): number | undefined;
  setCategory(key: string, id: number): void;
  brand(key: string): string | undefined;
  setBrand(key: string, name: string): void;
  vehicle(key: string): KnownVehicle | undefined;
  setVehicle(key: string, vehicle: KnownVehicle): void;
  part(key: string): KnownPart | undefined;
  setPart(key: string, part: KnownPart): void;
  hasAltCode(partId: number, norm: string): boolean;
  addAltCode(partId: number, norm: string): void;
  fitment(key: number): FitmentValues | undefined;
  setFitment(key: number, values: FitmentValues): void;
  /** Whether the state has moved to its temporary file. */
  readonly spilled: boolean;
  /** Forgets everything (after a rolled-back batch). */
  clear(): void;
  /** Deletes the temporary file, if any. The state is empty and in memory afterwards. */
  close(): void;
};

export type WriterStateOptions = {
  /** Where the temporary file goes; without it the state stays in memory, however large. */
  spillDirectory?: string;
  /** The estimated heap the state may take before it moves to its file. */
  memoryBytes?: number;
};

/** About 20 MB of real heap for a dry run of the bench's file (README, bench:import). */
export const WRITER_STATE_MEMORY_BYTES = 8 * 1024 * 1024;
/** The temporary file's page cache, in KiB (outside the V8 heap). */
const SPILL_CACHE_KIB = 4096;
/** Writes to the temporary file per transaction. */
const COMMIT_EVERY = 50_000;

/** Rough heap cost of what the state keeps: entries, their objects, their strings (2 B a char). */
const text = (value: string | null | undefined) => 2 * (value?.length ?? 0);
const ENTRY = 64;

function memoryMaps() {
  return {
    categories: new Map<string, number>(),
    brands: new Map<string, string>(),
    vehicles: new Map<string, KnownVehicle>(),
    parts: new Map<string, KnownPart>(),
    altCodes: new Map<number, Set<string>>(),
    fitments: new Map<number, FitmentValues>(),
    // The few distinct (notes, position, years) tuples of a file, shared by its fitments.
    fitmentValues: new Map<string, FitmentValues>(),
  };
}
type MemoryMaps = ReturnType<typeof memoryMaps>;

const SCHEMA = `
  create table categories (key text primary key, id integer not null) without rowid;
  create table brands (key text primary key, name text not null) without rowid;
  create table vehicles (key text primary key, id integer not null, version text not null,
    engine text, fuel text) without rowid;
  create table parts (key text primary key, id integer not null, manufacturer text not null,
    name text not null, description text, category_id integer) without rowid;
  create table alt_codes (part_id integer not null, norm text not null,
    primary key (part_id, norm)) without rowid;
  create table fitments (key integer primary key, notes text, position text, year_from integer,
    year_to integer);
`;

function openSpillFile(file: string) {
  const client = new Database(file);
  // better-sqlite3 opens in SQLite's defensive mode, which refuses journal_mode = OFF; the file
  // is ours alone and deleted after, so no rollback journal is wanted.
  client.unsafeMode(true);
  client.pragma("journal_mode = OFF");
  client.unsafeMode(false);
  client.pragma("synchronous = OFF");
  client.pragma("locking_mode = EXCLUSIVE");
  client.pragma("temp_store = FILE");
  client.pragma(`cache_size = -${SPILL_CACHE_KIB}`);
  client.exec(SCHEMA);
  // The file is private to this state and deleted after: writes go in long transactions, whose
  // dirty pages SQLite spills to the file once the cache is full.
  client.exec("begin");
  const statements = {
    category: client.prepare<[string], number>("select id from categories where key = ?").pluck(),
    setCategory: client.prepare<[string, number]>(
      "insert or replace into categories (key, id) values (?, ?)",
    ),
    brand: client.prepare<[string], string>("select name from brands where key = ?").pluck(),
    setBrand: client.prepare<[string, string]>(
      "insert or replace into brands (key, name) values (?, ?)",
    ),
    vehicle: client.prepare<[string], KnownVehicle>(
      "select id, version, engine, fuel from vehicles where key = ?",
    ),
    setVehicle: client.prepare<[string, number, string, string | null, string | null]>(
      "insert or replace into vehicles (key, id, version, engine, fuel) values (?, ?, ?, ?, ?)",
    ),
    part: client.prepare<[string], KnownPart>(
      "select id, manufacturer, name, description, category_id from parts where key = ?",
    ),
    setPart: client.prepare<[string, number, string, string, string | null, number | null]>(
      `insert or replace into parts (key, id, manufacturer, name, description, category_id)
       values (?, ?, ?, ?, ?, ?)`,
    ),
    hasAltCode: client
      .prepare<[number, string], number>("select 1 from alt_codes where part_id = ? and norm = ?")
      .pluck(),
    addAltCode: client.prepare<[number, string]>(
      "insert or ignore into alt_codes (part_id, norm) values (?, ?)",
    ),
    fitment: client.prepare<[number], FitmentValues>(
      "select notes, position, year_from, year_to from fitments where key = ?",
    ),
    setFitment: client.prepare<
      [number, string | null, string | null, number | null, number | null]
    >(
      `insert or replace into fitments (key, notes, position, year_from, year_to)
       values (?, ?, ?, ?, ?)`,
    ),
  };
  return { client, statements };
}
type SpillFile = ReturnType<typeof openSpillFile>;

export function createWriterState(options: WriterStateOptions = {}): WriterState {
  const limit = options.memoryBytes ?? WRITER_STATE_MEMORY_BYTES;
  let maps: MemoryMaps = memoryMaps();
  let bytes = 0;
  let file: { path: string; db: SpillFile } | null = null;
  let writes = 0;

  /** Counts what an entry costs; past the limit, opens the file that takes every new one. */
  function grew(cost: number) {
    bytes += cost;
    if (bytes <= limit || file || !options.spillDirectory) return;
    const spillPath = path.join(options.spillDirectory, `plano-${randomUUID()}.sqlite`);
    try {
      file = { path: spillPath, db: openSpillFile(spillPath) };
    } catch (error) {
      rmSync(spillPath, { force: true });
      throw error;
    }
  }

  function closeFile() {
    if (!file) return;
    const { path: spillPath, db: spill } = file;
    file = null;
    try {
      spill.client.close();
    } finally {
      rmSync(spillPath, { force: true });
    }
  }

  /** The file's statements, for a write: its open transaction is committed now and then. */
  function written(spill: SpillFile) {
    if (++writes % COMMIT_EVERY === 0) spill.client.exec("commit; begin");
    return spill.statements;
  }

  // What is in memory stays there (and is updated there); what comes once the file is open goes
  // to the file. So the heap holds at most about `limit`, and nothing is ever copied.
  return {
    category(key) {
      return maps.categories.get(key) ?? file?.db.statements.category.get(key);
    },
    setCategory(key, id) {
      if (maps.categories.has(key)) return void maps.categories.set(key, id);
      if (file) return void written(file.db).setCategory.run(key, id);
      maps.categories.set(key, id);
      grew(ENTRY + text(key));
    },
    brand(key) {
      return maps.brands.get(key) ?? file?.db.statements.brand.get(key);
    },
    setBrand(key, name) {
      if (maps.brands.has(key)) return void maps.brands.set(key, name);
      if (file) return void written(file.db).setBrand.run(key, name);
      maps.brands.set(key, name);
      grew(ENTRY + text(key) + text(name));
    },
    vehicle(key) {
      return maps.vehicles.get(key) ?? file?.db.statements.vehicle.get(key);
    },
    setVehicle(key, v) {
      if (maps.vehicles.has(key)) return void maps.vehicles.set(key, v);
      if (file) return void written(file.db).setVehicle.run(key, v.id, v.version, v.engine, v.fuel);
      maps.vehicles.set(key, v);
      grew(2 * ENTRY + text(key) + text(v.version) + text(v.engine) + text(v.fuel));
    },
    part(key) {
      return maps.parts.get(key) ?? file?.db.statements.part.get(key);
    },
    setPart(key, p) {
      // A part met again replaces its values in place: its cost is counted once.
      if (maps.parts.has(key)) return void maps.parts.set(key, p);
      if (file)
        return void written(file.db).setPart.run(
          key,
          p.id,
          p.manufacturer,
          p.name,
          p.description,
          p.category_id,
        );
      maps.parts.set(key, p);
      grew(2 * ENTRY + text(key) + text(p.manufacturer) + text(p.name) + text(p.description));
    },
    hasAltCode(partId, norm) {
      if (maps.altCodes.get(partId)?.has(norm)) return true;
      return file ? file.db.statements.hasAltCode.get(partId, norm) !== undefined : false;
    },
    addAltCode(partId, norm) {
      const codes = maps.altCodes.get(partId);
      if (codes?.has(norm)) return;
      if (file) return void written(file.db).addAltCode.run(partId, norm);
      if (codes) codes.add(norm);
      else maps.altCodes.set(partId, new Set([norm]));
      grew(ENTRY + text(norm));
    },
    fitment(key) {
      return maps.fitments.get(key) ?? file?.db.statements.fitment.get(key);
    },
    setFitment(key, values) {
      const inMemory = maps.fitments.has(key);
      if (file && !inMemory)
        return void written(file.db).setFitment.run(
          key,
          values.notes,
          values.position,
          values.year_from,
          values.year_to,
        );
      const tuple = `${values.notes}\u0000${values.position}\u0000${values.year_from}\u0000${values.year_to}`;
      let cost = inMemory ? 0 : ENTRY;
      let shared = maps.fitmentValues.get(tuple);
      if (!shared) {
        maps.fitmentValues.set(tuple, (shared = { ...values }));
        cost += 2 * ENTRY + 2 * text(tuple);
      }
      maps.fitments.set(key, shared);
      grew(cost);
    },
    get spilled() {
      return file !== null;
    },
    clear() {
      closeFile();
      maps = memoryMaps();
      bytes = 0;
    },
    close() {
      closeFile();
      maps = memoryMaps();
      bytes = 0;
    },
  };
}
