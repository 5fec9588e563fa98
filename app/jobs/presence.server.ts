import os from "node:os";
import { Redis } from "ioredis";
import * as messages from "~/messages";

/**
 * Who is alive behind one Redis queue (ADR 0040): each process writes itself on a board every
 * BEAT_EVERY_MS, good for ENTRY_TTL_MS. A board is a sorted set whose scores are the entries'
 * expiry times on Redis's own clock (TIME), so processes on machines whose clocks disagree still
 * agree on who is alive, and a process that died leaves the board by itself.
 *
 * - `workers`: processes that take jobs from the queue (`npm run worker`, or a web process with
 *   ENCAIXA_RUN_WORKERS=true). The web process reads it to say whether an import will start.
 * - `web`: web processes, with the port they serve the local simulators on. `npm run worker` reads
 *   it, so its jobs reach those simulators without PORT being repeated.
 */

type Board = "workers" | "web";

export type PresenceEntry = { host: string; pid: number; port?: number };

const BEAT_EVERY_MS = 10_000;
const ENTRY_TTL_MS = 30_000;

export const boardKey = (prefix: string, board: Board) => `${prefix}:encaixa:${board}`;

export function thisProcess(port?: number): PresenceEntry {
  return { host: os.hostname(), pid: process.pid, ...(port === undefined ? {} : { port }) };
}

async function redisNow(redis: Redis): Promise<number> {
  const [seconds, microseconds] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(microseconds) / 1000);
}

/** Writes (or renews) one entry; the board itself expires with its last entry. */
async function writeEntry(
  redis: Redis,
  key: string,
  member: string,
  ttlMs = ENTRY_TTL_MS,
): Promise<void> {
  const now = await redisNow(redis);
  await redis
    .multi()
    .zremrangebyscore(key, "-inf", now)
    .zadd(key, now + ttlMs, member)
    .pexpire(key, ttlMs)
    .exec();
}

async function removeEntry(redis: Redis, key: string, member: string): Promise<void> {
  await redis.zrem(key, member);
}

/** The entries still alive, the most recently renewed first. */
export async function liveEntries(redis: Redis, key: string): Promise<PresenceEntry[]> {
  const now = await redisNow(redis);
  const members = await redis.zrevrangebyscore(key, "+inf", `(${now}`);
  return members.flatMap((member) => {
    const entry = presenceEntry(member);
    return entry ? [entry] : [];
  });
}

/**
 * A board member read back, or undefined when it is not one we wrote: the web port a worker follows
 * comes from here, so a stray member must not become its PORT.
 */
function presenceEntry(member: string): PresenceEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(member);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const { host, pid, port } = value as Record<string, unknown>;
  if (typeof host !== "string" || !Number.isSafeInteger(pid)) return undefined;
  const validPort = Number.isInteger(port) && (port as number) > 0 && (port as number) < 65_536;
  if (port !== undefined && !validPort) return undefined;
  return { host, pid: pid as number, ...(port === undefined ? {} : { port: port as number }) };
}

export type Beat = {
  /** Settles after the first write (or its failure). */
  ready: Promise<void>;
  /** Stops beating and takes the entry off the board. */
  stop(): Promise<void>;
};

/** A beat that takes longer than this is given up (Redis not answering); the next one tries again. */
const BEAT_TIMEOUT_MS = 2_000;

/**
 * Writes `entry` on `key` now and every `everyMs`. `afterBeat` runs after each write (the worker
 * reads the web board there); failures go to `onError`, never thrown: a Redis that does not answer
 * must not stop a process that would work again once it is back.
 */
export function startBeating(options: {
  redis: Redis;
  key: string;
  entry: PresenceEntry;
  everyMs?: number;
  ttlMs?: number;
  afterBeat?: () => Promise<void>;
  onError: (error: unknown) => void;
}): Beat {
  const { redis, key, everyMs = BEAT_EVERY_MS, ttlMs = ENTRY_TTL_MS } = options;
  const member = JSON.stringify(options.entry);
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  const beat = (): Promise<void> => {
    inFlight ??= withTimeout(
      (async () => {
        await writeEntry(redis, key, member, ttlMs);
        await options.afterBeat?.();
      })(),
      BEAT_TIMEOUT_MS,
    )
      .catch(options.onError)
      .finally(() => (inFlight = undefined));
    return inFlight;
  };
  const timer = setInterval(() => {
    if (!stopped) void beat();
  }, everyMs);
  timer.unref();

  return {
    ready: beat(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
      await withTimeout(removeEntry(redis, key, member), BEAT_TIMEOUT_MS).catch(options.onError);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(messages.jobs.redisTimedOut)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type RedisPresence = {
  /** Settles once this process's entries are written (or could not be). */
  ready: Promise<void>;
  /** The workers alive behind the queue; rejects when Redis does not answer in time. */
  workers(): Promise<PresenceEntry[]>;
  close(): Promise<void>;
};

/** How long a page waits for Redis to say who is alive before it shows "unknown". */
const READ_TIMEOUT_MS = 1_000;

/**
 * This process on the boards of the queue at `url`/`prefix`, on its own connection: as a worker
 * when `worker`, as a web process serving on `webPort` when given; `onWebPort` hears, after each
 * beat, the port the most recently renewed web process announced (undefined when none is alive).
 */
export function createRedisPresence(options: {
  url: string;
  prefix: string;
  worker: boolean;
  webPort?: number;
  onWebPort?: (port: number | undefined) => void;
  onError: (error: unknown) => void;
}): RedisPresence {
  const { prefix, onError } = options;
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {}); // the queue's own connection already reports Redis errors
  const webKey = boardKey(prefix, "web");
  const workersKey = boardKey(prefix, "workers");
  const followWeb = options.onWebPort;
  const beats: Beat[] = [];
  if (options.worker)
    beats.push(
      startBeating({
        redis,
        key: workersKey,
        entry: thisProcess(),
        onError,
        afterBeat: followWeb
          ? async () => followWeb((await liveEntries(redis, webKey))[0]?.port)
          : undefined,
      }),
    );
  if (options.webPort !== undefined)
    beats.push(startBeating({ redis, key: webKey, entry: thisProcess(options.webPort), onError }));

  return {
    ready: Promise.all(beats.map((beat) => beat.ready)).then(() => {}),
    workers: () => withTimeout(liveEntries(redis, workersKey), READ_TIMEOUT_MS),
    async close() {
      await Promise.all(beats.map((beat) => beat.stop()));
      redis.disconnect();
    },
  };
}
