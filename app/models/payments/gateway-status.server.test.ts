import { describe, expect, it } from "vitest";
import { gatewayConfigs } from "~db/schema";
import { MERCADOPAGO_PUBLIC_URL } from "~/integrations/payment-simulators.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import * as messages from "~/messages";
import { createUser } from "../../../tests/support/factories";
import { sims, withGatewaySimulators } from "../../../tests/support/gateway-model";
import { saveMercadoPagoConfig } from "./gateway-config.server";
import { gatewayStatuses, isGatewayId, testGatewayConnection } from "./gateway-status.server";

/** The dashboard's "Pagamentos" tab: each gateway's situation, masked, and "Testar conexão". */

withGatewaySimulators();

const secretsOf = () => [
  sims.credentials.mercadopago.accessToken,
  sims.credentials.mercadopago.webhookSecret,
  sims.credentials.paghiper.apiKey,
  sims.credentials.paghiper.token,
];

describe("gatewayStatuses", () => {
  it("says both are set up, on the simulators, with every credential masked", () => {
    const statuses = gatewayStatuses();
    expect(statuses.mercadopago).toMatchObject({ configured: true, environment: "simulator" });
    expect(statuses.paghiper).toMatchObject({ configured: true, environment: "simulator" });
    expect(statuses.mercadopago.credentials.map((c) => c.name)).toEqual([
      "publicKey",
      "accessToken",
    ]);
    expect(statuses.paghiper.credentials.map((c) => c.name)).toEqual(["apiKey", "token"]);
    const token = sims.credentials.mercadopago.accessToken;
    expect(statuses.mercadopago.credentials[1]!.masked).toBe(`••••••••${token.slice(-4)}`);
    const shown = JSON.stringify(statuses);
    for (const secret of secretsOf()) expect(shown).not.toContain(secret);
    expect(statuses.mercadopago.credentials[0]!.masked).toBe(
      sims.credentials.mercadopago.publicKey,
    );
  });

  it("tells the sandbox from production when the real provider is used", async () => {
    const simulator = process.env.MERCADOPAGO_BASE_URL;
    process.env.MERCADOPAGO_BASE_URL = MERCADOPAGO_PUBLIC_URL;
    resetEnvForTests();
    try {
      expect(gatewayStatuses().mercadopago.environment).toBe("sandbox");
      const admin = (await createUser({ role: "admin" })).user;
      const saved = saveMercadoPagoConfig(
        { publicKey: "TEST-pub", sandboxMode: false, notificationUrl: "" },
        admin.id,
      );
      expect(saved.ok).toBe(true);
      expect(gatewayStatuses().mercadopago.environment).toBe("production");
    } finally {
      process.env.MERCADOPAGO_BASE_URL = simulator;
      resetEnvForTests();
    }
  });

  it("shows nothing to mask and nothing configured on an empty install", () => {
    db().delete(gatewayConfigs).run();
    const statuses = gatewayStatuses();
    for (const gateway of [statuses.mercadopago, statuses.paghiper]) {
      expect(gateway.configured).toBe(false);
      expect(gateway.updatedAt).toBeNull();
      expect(gateway.credentials.every((c) => c.masked === "")).toBe(true);
    }
  });

  it("knows only its two gateways", () => {
    expect(isGatewayId("mercadopago")).toBe(true);
    expect(isGatewayId("paghiper")).toBe(true);
    for (const other of ["manual", "", null, "__proto__"]) expect(isGatewayId(other)).toBe(false);
  });
});

describe("testGatewayConnection", () => {
  it("answers in the payment-methods page's words, success and failure", async () => {
    expect(await testGatewayConnection("mercadopago")).toEqual({
      ok: true,
      message: expect.stringMatching(/^Conexão OK: .+/),
    });
    expect(await testGatewayConnection("paghiper")).toEqual({
      ok: true,
      message: messages.payments.pagHiperTestOk,
    });
    const admin = (await createUser({ role: "admin" })).user;
    saveMercadoPagoConfig(
      { publicKey: "TEST-pub", accessToken: "TEST-wrong-token-0000", sandboxMode: true },
      admin.id,
    );
    const failed = await testGatewayConnection("mercadopago");
    expect(failed).toMatchObject({ ok: false, reason: "provider_failed" });
    expect(failed.message.startsWith(messages.payments.testFailed)).toBe(true);
  });

  it("says what is missing when nothing is saved", async () => {
    db().delete(gatewayConfigs).run();
    expect(await testGatewayConnection("paghiper")).toMatchObject({
      ok: false,
      reason: "not_configured",
      message: messages.payments.pagHiperNotConfigured,
    });
    expect(await testGatewayConnection("mercadopago")).toMatchObject({ ok: false });
  });
});
