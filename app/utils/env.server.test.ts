import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv as load } from "./env.server";

const loadEnv = (vars: Record<string, string>) => load(vars as NodeJS.ProcessEnv);

const freshDir = () => mkdtempSync(path.join(tmpdir(), "encaixa-env-"));

describe("loadEnv", () => {
  it("runs with nothing set, keeping a random session secret in the data folder", () => {
    const dir = freshDir();
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.DATABASE_PATH).toBe(path.join(dir, "encaixa.db"));
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(first.SEED_DEMO_DATA).toBe(true);
  });

  it("explains bad values in pt-BR", () => {
    expect(() => loadEnv({ DATA_DIR: freshDir(), PORT: "abc" })).toThrow(/PORT deve ser um número/);
    expect(() => loadEnv({ DATA_DIR: freshDir(), REDIS_URL: "localhost:6379" })).toThrow(
      /REDIS_URL/,
    );
  });

  it("reads the sign-up limit per address, 10 an hour unless set", () => {
    expect(loadEnv({ DATA_DIR: freshDir() }).SIGNUP_MAX_PER_HOUR).toBe(10);
    expect(loadEnv({ DATA_DIR: freshDir(), SIGNUP_MAX_PER_HOUR: "3" }).SIGNUP_MAX_PER_HOUR).toBe(3);
    expect(() => loadEnv({ DATA_DIR: freshDir(), SIGNUP_MAX_PER_HOUR: "muitas" })).toThrow(
      /SIGNUP_MAX_PER_HOUR deve ser um número/,
    );
    expect(() => loadEnv({ DATA_DIR: freshDir(), SIGNUP_MAX_PER_HOUR: "0" })).toThrow(
      /SIGNUP_MAX_PER_HOUR deve ser pelo menos 1/,
    );
  });

  it("refuses an unsafe production configuration", () => {
    const dir = freshDir();
    const attempt = () => loadEnv({ DATA_DIR: dir, NODE_ENV: "production" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/SESSION_SECRET é obrigatório/);
    expect(attempt).toThrow(/ADMIN_PASSWORD não pode ser a senha padrão/);
    expect(existsSync(path.join(dir, "session-secret"))).toBe(false);
  });

  it("accepts a safe production configuration and seeds no demo data there", () => {
    const env = loadEnv({
      DATA_DIR: freshDir(),
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      ADMIN_PASSWORD: "a-strong-password",
    });
    expect(env.SEED_DEMO_DATA).toBe(false);
  });

  it("keeps payment simulators out of production unless told", () => {
    const safe = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      ADMIN_PASSWORD: "a-strong-password",
    };
    expect(loadEnv({ ...safe, DATA_DIR: freshDir() }).PAYMENT_SIMULATORS).toBe(false);
    for (const url of ["http://127.0.0.1:3000/mp-sim", "https://encaixa.example/paghiper-sim"]) {
      const attempt = () =>
        loadEnv({
          ...safe,
          DATA_DIR: freshDir(),
          MERCADOPAGO_BASE_URL: url,
          PAGHIPER_BASE_URL: url,
        });
      expect(attempt).toThrow(/MERCADOPAGO_BASE_URL aponta para um simulador/);
      expect(attempt).toThrow(/PAGHIPER_BASE_URL aponta para um simulador/);
    }
    const told = loadEnv({
      ...safe,
      DATA_DIR: freshDir(),
      PAYMENT_SIMULATORS: "true",
      PAGHIPER_BASE_URL: "http://127.0.0.1:3000/paghiper-sim",
    });
    expect(told.PAYMENT_SIMULATORS).toBe(true);
    expect(
      loadEnv({ ...safe, DATA_DIR: freshDir(), PAGHIPER_BASE_URL: "https://pix.paghiper.com" })
        .PAGHIPER_BASE_URL,
    ).toBe("https://pix.paghiper.com");
  });

  it("keeps one payment secrets key per data folder, or takes a 64-hex one from the environment", () => {
    const dir = freshDir();
    const first = loadEnv({ DATA_DIR: dir }).PAYMENT_SECRETS_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEnv({ DATA_DIR: dir }).PAYMENT_SECRETS_KEY).toBe(first);
    expect(
      loadEnv({ DATA_DIR: dir, PAYMENT_SECRETS_KEY: "ab".repeat(32) }).PAYMENT_SECRETS_KEY,
    ).toBe("ab".repeat(32));
    expect(() => loadEnv({ DATA_DIR: dir, PAYMENT_SECRETS_KEY: "short" })).toThrow(
      /PAYMENT_SECRETS_KEY deve ter 64/,
    );
  });

  it("lets npm start run the production build locally with the defaults", () => {
    expect(() =>
      loadEnv({ DATA_DIR: freshDir(), NODE_ENV: "production", ENCAIXA_LOCAL: "true" }),
    ).not.toThrow();
  });
});
