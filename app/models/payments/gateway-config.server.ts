import { eq } from "drizzle-orm";
import { gatewayConfigs } from "~db/schema";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { openSecret, sealSecret } from "~/utils/secret-box.server";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";

/**
 * The two payment gateways' settings, one encrypted row each (AES-256-GCM with
 * PAYMENT_SECRETS_KEY, the provider name authenticated with it). Secrets leave this module only
 * to the provider clients; screens and the API get `maskedGatewayConfigs`.
 */

export type MercadoPagoConfig = {
  publicKey: string;
  accessToken: string;
  webhookSecret: string;
  sandboxMode: boolean;
  /** Where Mercado Pago should notify us; empty means the app's own /api/webhooks/mercadopago. */
  notificationUrl: string;
};
export type PagHiperConfig = { apiKey: string; token: string };
/** The account customers who pay by bank transfer send the money to (ADR 0044). */
export type BankTransferDetails = {
  bank: string;
  agency: string;
  account: string;
  holder: string;
  /** Bare: digits, or digits and letters for an alphanumeric CNPJ. */
  cnpj: string;
  /** Optional: empty when the account has none to show. */
  pixKey: string;
};
type Configs = {
  mercadopago: MercadoPagoConfig;
  paghiper: PagHiperConfig;
  bank_transfer: BankTransferDetails;
};
export type GatewayProvider = keyof Configs;

export function readGatewayConfig<P extends GatewayProvider>(provider: P): Configs[P] | null {
  const row = db().select().from(gatewayConfigs).where(eq(gatewayConfigs.provider, provider)).get();
  if (!row) return null;
  return JSON.parse(
    openSecret(row.encryptedConfig, env().PAYMENT_SECRETS_KEY, provider),
  ) as Configs[P];
}

export function writeGatewayConfig<P extends GatewayProvider>(provider: P, config: Configs[P]) {
  const encryptedConfig = sealSecret(JSON.stringify(config), env().PAYMENT_SECRETS_KEY, provider);
  db()
    .insert(gatewayConfigs)
    .values({ provider, encryptedConfig, enabled: true, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: gatewayConfigs.provider,
      set: { encryptedConfig, enabled: true, updatedAt: new Date() },
    })
    .run();
}

export function forgetGatewayConfig(provider: GatewayProvider): void {
  db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, provider)).run();
}

/** Shows that a secret is set without showing it: its last four characters at most. */
export function maskSecret(secret: string): string {
  if (!secret) return "";
  const visible = secret.length > 12 ? secret.slice(-4) : "";
  return `••••••••${visible}`;
}

export type MaskedGatewayConfigs = {
  mercadopago: {
    configured: boolean;
    publicKey: string;
    accessTokenMasked: string;
    webhookSecretMasked: string;
    sandboxMode: boolean;
    notificationUrl: string;
    updatedAt: Date | null;
  };
  paghiper: {
    configured: boolean;
    apiKeyMasked: string;
    tokenMasked: string;
    updatedAt: Date | null;
  };
};

export function gatewayConfigUpdatedAt(provider: GatewayProvider): Date | null {
  return (
    db()
      .select({ updatedAt: gatewayConfigs.updatedAt })
      .from(gatewayConfigs)
      .where(eq(gatewayConfigs.provider, provider))
      .get()?.updatedAt ?? null
  );
}

/** What an admin may see of the gateways: public fields, and secrets masked. */
export function maskedGatewayConfigs(): MaskedGatewayConfigs {
  const mp = readGatewayConfig("mercadopago");
  const ph = readGatewayConfig("paghiper");
  return {
    mercadopago: {
      configured: Boolean(mp?.accessToken),
      publicKey: mp?.publicKey ?? "",
      accessTokenMasked: maskSecret(mp?.accessToken ?? ""),
      webhookSecretMasked: maskSecret(mp?.webhookSecret ?? ""),
      sandboxMode: mp?.sandboxMode ?? true,
      notificationUrl: mp?.notificationUrl ?? "",
      updatedAt: gatewayConfigUpdatedAt("mercadopago"),
    },
    paghiper: {
      configured: Boolean(ph?.apiKey && ph.token),
      apiKeyMasked: maskSecret(ph?.apiKey ?? ""),
      tokenMasked: maskSecret(ph?.token ?? ""),
      updatedAt: gatewayConfigUpdatedAt("paghiper"),
    },
  };
}

/** A blank secret field keeps the stored secret: the form never holds it to send it back. */
const keep = (given: string | undefined, stored: string | undefined) =>
  given?.trim() ? given.trim() : (stored ?? "");

export function saveMercadoPagoConfig(
  input: {
    publicKey: string;
    accessToken?: string;
    webhookSecret?: string;
    sandboxMode: boolean;
    notificationUrl?: string;
  },
  actorId: number | null,
): Outcome<MercadoPagoConfig> {
  const m = messages.payments;
  const stored = readGatewayConfig("mercadopago") ?? undefined;
  const config: MercadoPagoConfig = {
    publicKey: input.publicKey.trim(),
    accessToken: keep(input.accessToken, stored?.accessToken),
    webhookSecret: keep(input.webhookSecret, stored?.webhookSecret),
    sandboxMode: input.sandboxMode,
    notificationUrl: input.notificationUrl?.trim() ?? "",
  };
  if (!config.accessToken) return refuse("invalid_reference", m.accessTokenRequired, "accessToken");
  if (!config.webhookSecret)
    return refuse("invalid_reference", m.webhookSecretRequired, "webhookSecret");
  writeGatewayConfig("mercadopago", config);
  logActivity({
    actorId,
    type: "payment",
    action: messages.payments.activityMercadoPagoSaved,
    entity: "gateway",
    entityId: undefined,
  });
  return accept(config);
}

export function savePagHiperConfig(
  input: { apiKey?: string; token?: string },
  actorId: number | null,
): Outcome<PagHiperConfig> {
  const m = messages.payments;
  const stored = readGatewayConfig("paghiper") ?? undefined;
  const config: PagHiperConfig = {
    apiKey: keep(input.apiKey, stored?.apiKey),
    token: keep(input.token, stored?.token),
  };
  if (!config.apiKey) return refuse("invalid_reference", m.pagHiperKeysRequired, "apiKey");
  if (!config.token) return refuse("invalid_reference", m.pagHiperKeysRequired, "token");
  writeGatewayConfig("paghiper", config);
  logActivity({
    actorId,
    type: "payment",
    action: messages.payments.activityPagHiperSaved,
    entity: "gateway",
    entityId: undefined,
  });
  return accept(config);
}

/**
 * A fresh local install points both gateways at the embedded simulators' test account, so a
 * plan can be bought end to end; a gateway an admin has configured is left alone.
 */
export function configureSimulatorGateways(credentials: {
  mercadopago: { publicKey: string; accessToken: string; webhookSecret: string };
  paghiper: { apiKey: string; token: string };
}): void {
  if (!readableConfig("mercadopago"))
    writeGatewayConfig("mercadopago", {
      ...credentials.mercadopago,
      sandboxMode: true,
      notificationUrl: "",
    });
  if (!readableConfig("paghiper")) writeGatewayConfig("paghiper", credentials.paghiper);
}

/**
 * A stored configuration, or null when there is none or it was sealed with another key (a local
 * database reused with a new DATA_DIR): the simulators' test account then takes its place.
 */
function readableConfig(provider: GatewayProvider) {
  try {
    return readGatewayConfig(provider);
  } catch {
    return null;
  }
}
