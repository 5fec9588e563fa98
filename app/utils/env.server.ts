import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PRIVATE_FILE_MODE, privateDirectory, tightenMode } from "./private-files.server";

export const DEFAULT_ADMIN_EMAIL = "admin@encaixa.local";
export const DEFAULT_ADMIN_PASSWORD = "encaixa-admin";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "true" || value === "1",
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "PORT deve ser um número" }).int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_PATH: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z
    .email({ error: "ADMIN_EMAIL deve ser um e-mail válido" })
    .default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: "ADMIN_PASSWORD deve ter pelo menos 8 caracteres" })
    .default(DEFAULT_ADMIN_PASSWORD),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "REDIS_URL deve começar com redis:// ou rediss://" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_URL: z.url({ error: "APP_URL deve ser uma URL" }).optional(),
  COOKIE_SECURE: booleanFlag,
  SEED_DEMO_DATA: booleanFlag,
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Self sign-ups one client address may make in an hour (ADR 0014). */
  SIGNUP_MAX_PER_HOUR: z.coerce
    .number({ error: "SIGNUP_MAX_PER_HOUR deve ser um número" })
    .int({ error: "SIGNUP_MAX_PER_HOUR deve ser um número inteiro" })
    .min(1, { error: "SIGNUP_MAX_PER_HOUR deve ser pelo menos 1" })
    .default(10),
  LOG_REQUESTS: booleanFlag,
  /** Set by `npm start`: a production build run on one machine for trying the product out. */
  ENCAIXA_LOCAL: booleanFlag,
  /** FIPE v1 API; unset means the simulator this app serves at /fipe-sim/api/v1. */
  FIPE_BASE_URL: z
    .url({ error: "FIPE_BASE_URL deve ser uma URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  FIPE_MIN_INTERVAL_MS: z.coerce
    .number({ error: "FIPE_MIN_INTERVAL_MS deve ser um número" })
    .int()
    .min(0)
    .default(250),
  /** Serves the FIPE simulator even in production (end-to-end tests); default: on outside production. */
  FIPE_SIMULATOR: booleanFlag,
  /** Catalogue source API; unset means the simulator this app serves at /catalogue-sim/api/v1. */
  CATALOGUE_SOURCE_URL: z
    .url({ error: "CATALOGUE_SOURCE_URL deve ser uma URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Serves the catalogue source simulator even in production (end-to-end tests); default: on outside production. */
  CATALOGUE_SIMULATOR: booleanFlag,
  /** Items the catalogue simulator serves (its codes have room for ten million). */
  CATALOGUE_SIM_ITEMS: z.coerce
    .number({ error: "CATALOGUE_SIM_ITEMS deve ser um número" })
    .int({ error: "CATALOGUE_SIM_ITEMS deve ser um número inteiro" })
    .min(0, { error: "CATALOGUE_SIM_ITEMS não pode ser negativo" })
    .max(10_000_000, { error: "CATALOGUE_SIM_ITEMS deve ser no máximo 10000000" })
    .default(3000),
  /** Pause before each answer of the catalogue simulator. */
  CATALOGUE_SIM_DELAY_MS: z.coerce
    .number({ error: "CATALOGUE_SIM_DELAY_MS deve ser um número" })
    .int({ error: "CATALOGUE_SIM_DELAY_MS deve ser um número inteiro" })
    .min(0, { error: "CATALOGUE_SIM_DELAY_MS não pode ser negativo" })
    .default(0),
  /** N > 0: the catalogue simulator fails the first request of every Nth page; 0 never. */
  CATALOGUE_SIM_FAIL_EVERY: z.coerce
    .number({ error: "CATALOGUE_SIM_FAIL_EVERY deve ser um número" })
    .int({ error: "CATALOGUE_SIM_FAIL_EVERY deve ser um número inteiro" })
    .min(0, { error: "CATALOGUE_SIM_FAIL_EVERY não pode ser negativo" })
    .default(0),
  /** The largest CSV file /admin/import and POST /api/import/csv accept, in MB. */
  IMPORT_CSV_MAX_MB: z.coerce
    .number({ error: "IMPORT_CSV_MAX_MB deve ser um número" })
    .int({ error: "IMPORT_CSV_MAX_MB deve ser um número inteiro" })
    .min(1, { error: "IMPORT_CSV_MAX_MB deve ser pelo menos 1" })
    .max(2048, { error: "IMPORT_CSV_MAX_MB deve ser no máximo 2048" })
    .default(200),
  /** Backups the folder keeps (DATA_DIR/backups); older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce
    .number({ error: "BACKUP_KEEP deve ser um número" })
    .int({ error: "BACKUP_KEEP deve ser um número inteiro" })
    .min(1, { error: "BACKUP_KEEP deve ser pelo menos 1" })
    .default(14),
  /** Hours between scheduled backups; 0 turns them off ("Fazer backup agora" still works). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: "BACKUP_INTERVAL_HOURS deve ser um número" })
    .min(0, { error: "BACKUP_INTERVAL_HOURS não pode ser negativo" })
    .default(24),
  /** How long a form or JSON body (at most 1 MB) may take to arrive, in ms (ADR 0031). */
  BODY_TIMEOUT_MS: z.coerce
    .number({ error: "BODY_TIMEOUT_MS deve ser um número" })
    .int({ error: "BODY_TIMEOUT_MS deve ser um número inteiro" })
    .min(100, { error: "BODY_TIMEOUT_MS deve ser pelo menos 100" })
    .default(30_000),
  /** The longest a photo's reading may take before the search by photo gives up, in ms. */
  OCR_TIMEOUT_MS: z.coerce
    .number({ error: "OCR_TIMEOUT_MS deve ser um número" })
    .int({ error: "OCR_TIMEOUT_MS deve ser um número inteiro" })
    .min(1000, { error: "OCR_TIMEOUT_MS deve ser pelo menos 1000" })
    .default(15000),
  /** Photos one web process reads at a time plus those waiting; more get "tente de novo". */
  OCR_MAX_QUEUE: z.coerce
    .number({ error: "OCR_MAX_QUEUE deve ser um número" })
    .int({ error: "OCR_MAX_QUEUE deve ser um número inteiro" })
    .min(1, { error: "OCR_MAX_QUEUE deve ser pelo menos 1" })
    .default(4),
  /** Mercado Pago API; unset means the simulator this app serves at /mp-sim (outside production). */
  MERCADOPAGO_BASE_URL: z
    .url({ error: "MERCADOPAGO_BASE_URL deve ser uma URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** PagHiper PIX API; unset means the simulator this app serves at /paghiper-sim (outside production). */
  PAGHIPER_BASE_URL: z
    .url({ error: "PAGHIPER_BASE_URL deve ser uma URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Serves the payment simulators and lets the gateways point at them; default: on outside
   * production, off (and simulator URLs refused) in production.
   */
  PAYMENT_SIMULATORS: booleanFlag,
  /** 32-byte key (64 hex digits) that encrypts gateway secrets; unset: one kept in DATA_DIR. */
  PAYMENT_SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "PAYMENT_SECRETS_KEY deve ter 64 dígitos hexadecimais" })
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
    throw new EnvError(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production" && !raw.ENCAIXA_LOCAL;
  const dataDir = path.resolve(raw.DATA_DIR);
  const problems: string[] = [];

  if (isProduction) {
    if (!raw.SESSION_SECRET || raw.SESSION_SECRET.length < 32)
      problems.push("SESSION_SECRET é obrigatório em produção (32 caracteres ou mais)");
    if (raw.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD)
      problems.push("ADMIN_PASSWORD não pode ser a senha padrão em produção");
    if (raw.COOKIE_SECURE === false)
      problems.push("COOKIE_SECURE=false não é permitido em produção");
    if (!raw.PAYMENT_SIMULATORS) {
      for (const name of ["MERCADOPAGO_BASE_URL", "PAGHIPER_BASE_URL"] as const) {
        const url = raw[name];
        if (url && looksLikeSimulator(url))
          problems.push(
            `${name} aponta para um simulador; em produção use a API real ou PAYMENT_SIMULATORS=true`,
          );
      }
    }
  }
  if (problems.length > 0) {
    throw new EnvError(
      `Configuração insegura para produção:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
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

export function env(): Env {
  if (!cached) {
    // A local .env fills in what the shell did not set; tests set their own values.
    if (process.env.NODE_ENV !== "test" && existsSync(".env")) process.loadEnvFile(".env");
    cached = loadEnv();
  }
  return cached;
}

/** Tests change the environment between suites; this forgets what was read. */
export function resetEnvForTests() {
  cached = undefined;
}
