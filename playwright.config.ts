import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "encaixa-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Parallel runs (each with its own build folder) keep their artefacts apart.
  outputDir: `test-results/${process.env.ENCAIXA_BUILD_DIR ?? "build"}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      // A production build on one machine over plain http, like `npm start`.
      ENCAIXA_LOCAL: "true",
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-secret-".padEnd(48, "z"),
      ADMIN_EMAIL: "admin@encaixa.local",
      ADMIN_PASSWORD: "e2e-admin-pass",
      COOKIE_SECURE: "false",
      SEED_DEMO_DATA: "true",
      LOGIN_MAX_ATTEMPTS: "50",
      // Every journey signs up from 127.0.0.1, in both projects.
      SIGNUP_MAX_PER_HOUR: "1000",
      // The landing's "Testar" box, tried from 127.0.0.1 too (its throttle has a Vitest).
      LANDING_TESTS_PER_MINUTE: "1000",
      REDIS_URL: "",
      // Two web processes, as `npm start` runs on this 2-core machine (ADR 0024).
      WEB_CONCURRENCY: "2",
      ENCAIXA_BUILD_DIR: process.env.ENCAIXA_BUILD_DIR ?? "build",
      FIPE_BASE_URL: `http://127.0.0.1:${port}/fipe-sim/api/v1`,
      FIPE_SIMULATOR: "true",
      FIPE_MIN_INTERVAL_MS: "0",
      // The catalogue source simulator, small so an import ends in a few seconds.
      CATALOGUE_SIMULATOR: "true",
      CATALOGUE_SIM_ITEMS: "150",
      // Both gateways on the app's own simulators (the `npm start` default, said out loud).
      PAYMENT_SIMULATORS: "true",
    },
  },
});
