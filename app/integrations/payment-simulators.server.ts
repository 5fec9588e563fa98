import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "~/utils/env.server";

/**
 * Where the payment clients point and which credentials the embedded simulators accept. Outside
 * production (and in production only with PAYMENT_SIMULATORS=true) an unset base URL means the
 * simulator this same server mounts (/mp-sim, /paghiper-sim), so a fresh clone can take a payment
 * end to end without the internet.
 */

export const MERCADOPAGO_PUBLIC_URL = "https://api.mercadopago.com";
export const PAGHIPER_PUBLIC_URL = "https://pix.paghiper.com";
export const MERCADOPAGO_SIM_PATH = "/mp-sim";
export const PAGHIPER_SIM_PATH = "/paghiper-sim";

export type SimulatorCredentials = {
  mercadopago: { publicKey: string; accessToken: string; webhookSecret: string };
  paghiper: { apiKey: string; token: string };
};

export function paymentSimulatorsEnabled(): boolean {
  return env().PAYMENT_SIMULATORS;
}

function embeddedBaseUrl(simPath: string): string {
  return `http://127.0.0.1:${env().PORT}${simPath}`;
}

export function mercadoPagoBaseUrl(): string {
  const configured = env().MERCADOPAGO_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return paymentSimulatorsEnabled()
    ? embeddedBaseUrl(MERCADOPAGO_SIM_PATH)
    : MERCADOPAGO_PUBLIC_URL;
}

export function pagHiperBaseUrl(): string {
  const configured = env().PAGHIPER_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return paymentSimulatorsEnabled() ? embeddedBaseUrl(PAGHIPER_SIM_PATH) : PAGHIPER_PUBLIC_URL;
}

/** True when the gateways talk to this server's own simulators (the local default). */
export function usingEmbeddedSimulators(): boolean {
  return paymentSimulatorsEnabled() && !env().MERCADOPAGO_BASE_URL && !env().PAGHIPER_BASE_URL;
}

let cached: { file: string; credentials: SimulatorCredentials } | undefined;

/**
 * The simulators' test account, created once in DATA_DIR like the session secret: the embedded
 * simulators accept these credentials and sign with this webhook secret, and a fresh database has
 * its gateways configured with them.
 */
export function paymentSimulatorCredentials(): SimulatorCredentials {
  const file = path.join(env().DATA_DIR, "payment-simulators.json");
  if (cached?.file === file) return cached.credentials;
  let credentials: SimulatorCredentials;
  if (existsSync(file)) {
    credentials = JSON.parse(readFileSync(file, "utf8")) as SimulatorCredentials;
  } else {
    const hex = (bytes: number) => randomBytes(bytes).toString("hex");
    credentials = {
      mercadopago: {
        publicKey: `TEST-${hex(4)}-${hex(4)}-sim`,
        accessToken: `TEST-${hex(8)}-${hex(12)}-sim`,
        webhookSecret: hex(32),
      },
      paghiper: { apiKey: `apk_sim-${hex(12)}`, token: hex(16).toUpperCase() },
    };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  }
  cached = { file, credentials };
  return credentials;
}
