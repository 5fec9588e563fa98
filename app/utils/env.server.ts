import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import * as messages from "~/messages";
import { PRIVATE_FILE_MODE, privateDirectory, tightenMode } from "./private-files.server";

export const DEFAULT_ADMIN_EMAIL = "admin@encaixa.local";
export const DEFAULT_ADMIN_PASSWORD = "encaixa-admin";

const m = messages.startup;

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "true" || value === "1",
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: m.notANumber("PORT") })
    .int()
    .min(1)
    .max(65535)
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_PATH: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.email({ error: m.notAnEmail("ADMIN_EMAIL") }).default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: m.tooShort("ADMIN_PASSWORD", 8) })
    .default(DEFAULT_ADMIN_PASSWORD),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: m.redisUrl })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_URL: z.url({ error: m.notAUrl("APP_URL") }).optional(),
  COOKIE_SECURE: booleanFlag,
  SEED_DEMO_DATA: booleanFlag,
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Self sign-ups one client address may make in an hour (ADR 0014). */
  SIGNUP_MAX_PER_HOUR: z.coerce
    .number({ error: m.notANumber("SIGNUP_MAX_PER_HOUR") })
    .int({ error: m.notAnInteger("SIGNUP_MAX_PER_HOUR") })
    .min(1, { error: m.atLeast("SIGNUP_MAX_PER_HOUR", 1) })
    .default(10),
  /** Codes one client address may try in the landing's "Testar" box in a minute (ADR 0057). */
  LANDING_TESTS_PER_MINUTE: z.coerce
    .number({ error: m.notANumber("LANDING_TESTS_PER_MINUTE") })
    .int({ error: m.notAnInteger("LANDING_TESTS_PER_MINUTE") })
    .min(1, { error: m.atLeast("LANDING_TESTS_PER_MINUTE", 1) })
    .default(5),
  LOG_REQUESTS: booleanFlag,
  /** Set by `npm start`: a production build run on one machine for trying the product out. */
  ENCAIXA_LOCAL: booleanFlag,
  /** FIPE v1 API; unset means the simulator this app serves at /fipe-sim/api/v1. */
  FIPE_BASE_URL: z
    .url({ error: m.notAUrl("FIPE_BASE_URL") })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  FIPE_MIN_INTERVAL_MS: z.coerce
    .number({ error: m.notANumber("FIPE_MIN_INTERVAL_MS") })
    .int()
    .min(0)
    .default(250),
  /** Serves the FIPE simulator even in production (end-to-end tests); default: on outside production. */
  FIPE_SIMULATOR: booleanFlag,
  /** Catalogue source API; unset means the simulator this app serves at /catalogue-sim/api/v1. */
  CATALOGUE_SOURCE_URL: z
    .url({ error: m.notAUrl("CATALOGUE_SOURCE_URL") })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Serves the catalogue source simulator even in production (end-to-end tests); default: on outside production. */
  CATALOGUE_SIMULATOR: booleanFlag,
  /** Items the catalogue simulator serves (its codes have room for ten million). */
  CATALOGUE_SIM_ITEMS: z.coerce
    .number({ error: m.notANumber("CATALOGUE_SIM_ITEMS") })
    .int({ error: m.notAnInteger("CATALOGUE_SIM_ITEMS") })
    .min(0, { error: m.notNegative("CATALOGUE_SIM_ITEMS") })
    .max(10_000_000, { error: m.atMost("CATALOGUE_SIM_ITEMS", 10_000_000) })
    .default(3000),
  /** Pause before each answer of the catalogue simulator. */
  CATALOGUE_SIM_DELAY_MS: z.coerce
    .number({ error: m.notANumber("CATALOGUE_SIM_DELAY_MS") })
    .int({ error: m.notAnInteger("CATALOGUE_SIM_DELAY_MS") })
    .min(0, { error: m.notNegative("CATALOGUE_SIM_DELAY_MS") })
    .default(0),
  /** N > 0: the catalogue simulator fails the first request of every Nth page; 0 never. */
  CATALOGUE_SIM_FAIL_EVERY: z.coerce
    .number({ error: m.notANumber("CATALOGUE_SIM_FAIL_EVERY") })
    .int({ error: m.notAnInteger("CATALOGUE_SIM_FAIL_EVERY") })
    .min(0, { error: m.notNegative("CATALOGUE_SIM_FAIL_EVERY") })
    .default(0),
  /** The largest CSV file /admin/import and POST /api/import/csv accept, in MB. */
  IMPORT_CSV_MAX_MB: z.coerce
    .number({ error: m.notANumber("IMPORT_CSV_MAX_MB") })
    .int({ error: m.notAnInteger("IMPORT_CSV_MAX_MB") })
    .min(1, { error: m.atLeast("IMPORT_CSV_MAX_MB", 1) })
    .max(2048, { error: m.atMost("IMPORT_CSV_MAX_MB", 2048) })
    .default(200),
  /** Backups the folder keeps (DATA_DIR/backups); older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce
    .number({ error: m.notANumber("BACKUP_KEEP") })
    .int({ error: m.notAnInteger("BACKUP_KEEP") })
    .min(1, { error: m.atLeast("BACKUP_KEEP", 1) })
    .default(14),
  /** Hours between scheduled backups; 0 turns them off ("Fazer backup agora" still works). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: m.notANumber("BACKUP_INTERVAL_HOURS") })
    .min(0, { error: m.notNegative("BACKUP_INTERVAL_HOURS") })
    .default(24),
  /** How long a form or JSON body (at most 1 MB) may take to arrive, in ms (ADR 0031). */
  BODY_TIMEOUT_MS: z.coerce
    .number({ error: m.notANumber("BODY_TIMEOUT_MS") })
    .int({ error: m.notAnInteger("BODY_TIMEOUT_MS") })
    .min(100, { error: m.atLeast("BODY_TIMEOUT_MS", 100) })
    .default(30_000),
  /** The longest a photo's reading may take before the search by photo gives up, in ms. */
  OCR_TIMEOUT_MS: z.coerce
    .number({ error: m.notANumber("OCR_TIMEOUT_MS") })
    .int({ error: m.notAnInteger("OCR_TIMEOUT_MS") })
    .min(1000, { error: m.atLeast("OCR_TIMEOUT_MS", 1000) })
    .default(15000),
  /** Photos one web process reads at a time plus those waiting; more get "tente de novo". */
  OCR_MAX_QUEUE: z.coerce
    .number({ error: m.notANumber("OCR_MAX_QUEUE") })
    .int({ error: m.notAnInteger("OCR_MAX_QUEUE") })
    .min(1, { error: m.atLeast("OCR_MAX_QUEUE", 1) })
    .default(4),
  /** Mercado Pago API; unset means the simulator this app serves at /mp-sim (outside production). */
  MERCADOPAGO_BASE_URL: z
    .url({ error: m.notAUrl("MERCADOPAGO_BASE_URL") })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** PagHiper PIX API; unset means the simulator this app serves at /paghiper-sim (outside production). */
  PAGHIPER_BASE_URL: z
    .url({ error: m.notAUrl("PAGHIPER_BASE_URL") })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Serves the payment simulators and lets the gateways point at them; default: on outside
   * production, off (and simulator URLs refused) in production.
   */
  PAYMENT_SIMULATORS: booleanFlag,
  /**
   * The SMTP server mail goes through, user and password included (smtp://user:pass@host:587,
   * smtps:// for TLS); unset: the local catcher at /mail-sim (outside production).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, { error: messages.mail.smtpUrl })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of every message, "Nome <endereço>". */
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
      error: messages.mail.notAnAddress("MAIL_FROM"),
    })
    .default(messages.mail.defaultFrom),
  /** 32-byte key (64 hex digits) that encrypts gateway secrets; unset: one kept in DATA_DIR. */
  PAYMENT_SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: m.secretsKeyHex })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Env = z.infer<typeof envSchema> & {
  DATABASE_PATH: string;
  SESSION_SECRET: string;
  SEED_DEMO_DATA: boolean;
  PAYMENT_SIMULATORS: boolean;
  PAYMENT_SECRETS_KEY: string;
};

export class EnvError extends Error {}

/**
 * Reads and checks the environment once. With nothing set it still runs: it creates the data
 * folder and keeps a random session secret there, so a fresh clone starts with `npm start`.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new EnvError(m.invalid(lines));
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production" && !raw.ENCAIXA_LOCAL;
  const dataDir = path.resolve(raw.DATA_DIR);
  const problems: string[] = [];

  if (isProduction) {
    if (!raw.SESSION_SECRET || raw.SESSION_SECRET.length < 32)
      problems.push(m.sessionSecretRequired);
    if (raw.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) problems.push(m.defaultAdminPassword);
    if (raw.COOKIE_SECURE === false) problems.push(m.insecureCookies);
    if (!raw.PAYMENT_SIMULATORS) {
      for (const name of ["MERCADOPAGO_BASE_URL", "PAGHIPER_BASE_URL"] as const) {
        const url = raw[name];
        if (url && looksLikeSimulator(url)) problems.push(m.simulatorInProduction(name));
      }
    }
  }
  if (problems.length > 0) {
    throw new EnvError(m.unsafe(problems));
  }

  return {
    ...raw,
    DATA_DIR: dataDir,
    DATABASE_PATH: path.resolve(raw.DATABASE_PATH ?? path.join(dataDir, "encaixa.db")),
    SESSION_SECRET: raw.SESSION_SECRET ?? localSecret(dataDir, "session-secret"),
    SEED_DEMO_DATA: raw.SEED_DEMO_DATA ?? !isProduction,
    PAYMENT_SIMULATORS: raw.PAYMENT_SIMULATORS ?? !isProduction,
    PAYMENT_SECRETS_KEY: raw.PAYMENT_SECRETS_KEY ?? localSecret(dataDir, "payment-secrets-key"),
  };
}

/** A simulator answers on this machine or under one of the app's `-sim` paths. */
function looksLikeSimulator(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  return (
    ["localhost", "127.0.0.1", "::1", "[::1]"].includes(hostname) || /-sim(\/|$)/.test(pathname)
  );
}

/**
 * A random secret created once in the data folder, so a fresh clone runs without configuration.
 * The folder is 0700 and the file 0600, an older looser one tightened (ADR 0029).
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  privateDirectory(dataDir, { tightenExisting: true });
  if (existsSync(file)) {
    tightenMode(file, PRIVATE_FILE_MODE);
    return readFileSync(file, "utf8").trim();
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}

let cached: Env | undefined;
let webProcessPort: number | undefined;

export function env(): Env {
  if (!cached) {
    // A local .env fills in what the shell did not set; tests set their own values.
    if (process.env.NODE_ENV !== "test" && existsSync(".env")) process.loadEnvFile(".env");
    const read = loadEnv();
    cached = webProcessPort === undefined ? read : { ...read, PORT: webProcessPort };
  }
  return cached;
}

/**
 * `npm run worker` listens on no port: its PORT only says where the web process serves the local
 * simulators (and, locally, the app's own address). So it takes the port a live web process
 * announced in Redis, and its own setting only while none is alive (ADR 0040).
 */
export function followWebProcessPort(port: number | undefined): void {
  if (port === webProcessPort) return;
  webProcessPort = port;
  cached = undefined;
}

/**
 * Tests change the environment between suites; this forgets what was read.
 * @internal
 */
export function resetEnvForTests() {
  cached = undefined;
  webProcessPort = undefined;
}
