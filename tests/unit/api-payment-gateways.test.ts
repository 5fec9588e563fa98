import { env } from "~/utils/env.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatewayConfigs } from "~db/schema";
import { readGatewayConfig } from "~/models/payments/gateway-config.server";
import { createSession } from "~/models/accounts/session.server";
import * as gatewaysRoute from "~/routes/payments/api.payment-gateways._index";
import * as mercadoPagoRoute from "~/routes/payments/api.payment-gateways.mercadopago";
import * as mercadoPagoTestRoute from "~/routes/payments/api.payment-gateways.mercadopago.[test]";
import * as pagHiperRoute from "~/routes/payments/api.payment-gateways.paghiper";
import * as pagHiperTestRoute from "~/routes/payments/api.payment-gateways.paghiper.[test]";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { createUser } from "../support/factories";
import { startPaymentSimulators, type PaymentSimulators } from "../support/payment-simulators";
import { call, envelope } from "../support/routes";

/** The app's own address given to the providers (no APP_URL in tests): never the request's Host. */
const LOCAL = `http://localhost:${env().PORT}`;

/**
 * The payment gateways' settings API (admin spec §7 "Payment gateways"): secrets go in, and never
 * come back out but masked; "Testar conexão" asks the simulators, run as their own servers.
 */

const m = messages.payments;
const MP = {
  publicKey: "TEST-pub-gateways",
  accessToken: "TEST-gateways-access-token-SECRET-7788",
  webhookSecret: "gateways-webhook-secret-SECRET-5566",
};
const PH = { apiKey: "apk_gateways_SECRET_1122", token: "GATEWAYSTOKENSECRET3344" };
const SECRETS = [MP.accessToken, MP.webhookSecret, PH.apiKey, PH.token];

let sims: PaymentSimulators;
let adminToken = "";
let customerToken = "";

type Init = { json?: unknown; body?: string; type?: string; token?: string | null };
const post = (handler: typeof mercadoPagoRoute.action, path: string, init: Init = {}) =>
  call(handler, path, {
    method: "POST",
    token: init.token === null ? undefined : (init.token ?? adminToken),
    json: init.json,
    body: init.body,
    headers: init.type ? { "Content-Type": init.type } : undefined,
  });
const get = (
  handler: typeof gatewaysRoute.loader,
  path: string,
  token: string | null = adminToken,
) => call(handler, path, { token: token ?? undefined });

const storedRows = () => db().select().from(gatewayConfigs).all();

beforeAll(async () => {
  sims = await startPaymentSimulators({ credentials: { mercadopago: MP, paghiper: PH } });
  // The helper configured both gateways with them: these tests start from nothing saved.
  db().delete(gatewayConfigs).run();
  adminToken = createSession((await createUser({ role: "admin" })).user.id, "api").id;
  customerToken = createSession((await createUser()).user.id, "api").id;
});

afterAll(async () => {
  await sims?.stop();
});

describe("before anything is saved", () => {
  it("GET /api/payment-gateways: both gateways, not configured", async () => {
    const response = await get(gatewaysRoute.loader, "/api/payment-gateways");
    expect(response.status).toBe(200);
    expect((await envelope(response)).data).toEqual({
      mercadopago: {
        provider: "mercadopago",
        configured: false,
        updated_at: null,
        config_data: {
          public_key: "",
          access_token: "",
          webhook_secret: "",
          sandbox_mode: true,
          notification_url: "",
          webhook_url: `${LOCAL}/api/webhooks/mercadopago`,
        },
      },
      paghiper: {
        provider: "paghiper",
        configured: false,
        updated_at: null,
        config_data: {
          api_key: "",
          token: "",
          webhook_url: `${LOCAL}/api/webhooks/paghiper`,
        },
      },
    });
  });

  it("'Testar conexão' of PagHiper says it is not configured; Mercado Pago asks for a token", async () => {
    const pagHiper = await post(pagHiperTestRoute.action, "/api/payment-gateways/paghiper/test");
    expect(pagHiper.status).toBe(400);
    expect((await envelope(pagHiper)).message).toBe(m.pagHiperNotConfigured);
    const mercadoPago = await post(
      mercadoPagoTestRoute.action,
      "/api/payment-gateways/mercadopago/test",
      {
        json: { sandbox_mode: false },
      },
    );
    expect(mercadoPago.status).toBe(400);
    expect(await envelope(mercadoPago)).toMatchObject({
      message: "Access Token é obrigatório",
      errors: { access_token: ["Access Token é obrigatório"] },
    });
  });

  it("saving needs both PagHiper credentials and Mercado Pago's token and webhook secret", async () => {
    const pagHiper = await post(pagHiperRoute.action, "/api/payment-gateways/paghiper", {
      json: { api_key: PH.apiKey },
    });
    expect(pagHiper.status).toBe(400);
    expect(await envelope(pagHiper)).toMatchObject({
      message: m.pagHiperKeysRequired,
      errors: { token: [m.pagHiperKeysRequired] },
    });
    const mercadoPago = await post(mercadoPagoRoute.action, "/api/payment-gateways/mercadopago", {
      json: { public_key: MP.publicKey, access_token: MP.accessToken },
    });
    expect(mercadoPago.status).toBe(400);
    expect(await envelope(mercadoPago)).toMatchObject({
      message: m.webhookSecretRequired,
      errors: { webhook_secret: [m.webhookSecretRequired] },
    });
    expect(storedRows()).toEqual([]);
  });
});

describe("saving and reading the settings", () => {
  it("POST /api/payment-gateways/paghiper saves the credentials and answers them masked", async () => {
    const response = await post(pagHiperRoute.action, "/api/payment-gateways/paghiper", {
      json: { api_key: PH.apiKey, token: PH.token },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const body = JSON.parse(text);
    expect(body).toMatchObject({
      success: true,
      message: m.gatewaySaved,
      data: {
        provider: "paghiper",
        configured: true,
        config_data: { api_key: "••••••••1122", token: "••••••••3344" },
      },
    });
    expect(readGatewayConfig("paghiper")).toEqual(PH);
    // Stored encrypted: the row holds neither credential.
    expect(JSON.stringify(storedRows())).not.toContain(PH.token);
  });

  it("GET /api/payment-gateways/paghiper answers data.config_data masked, never the secrets", async () => {
    const response = await get(pagHiperRoute.loader, "/api/payment-gateways/paghiper");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(JSON.parse(text).data.config_data).toEqual({
      api_key: "••••••••1122",
      token: "••••••••3344",
      webhook_url: `${LOCAL}/api/webhooks/paghiper`,
    });
  });

  it("POST /api/payment-gateways/mercadopago saves the settings; fields left out keep their values", async () => {
    const response = await post(mercadoPagoRoute.action, "/api/payment-gateways/mercadopago", {
      json: {
        public_key: MP.publicKey,
        access_token: MP.accessToken,
        webhook_secret: MP.webhookSecret,
        webhook_url: "https://ignored.example/hook",
        sandbox_mode: true,
        notification_url: "",
      },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(JSON.parse(text).data).toMatchObject({
      provider: "mercadopago",
      configured: true,
      config_data: {
        public_key: MP.publicKey,
        access_token: "••••••••7788",
        webhook_secret: "••••••••5566",
        sandbox_mode: true,
      },
    });
    expect(readGatewayConfig("mercadopago")).toEqual({
      ...MP,
      sandboxMode: true,
      notificationUrl: "",
    });

    // Only the mode, under config_data as GET answers it: the rest is kept.
    const modeOnly = await post(mercadoPagoRoute.action, "/api/payment-gateways/mercadopago", {
      json: { config_data: { sandbox_mode: false } },
    });
    expect(modeOnly.status).toBe(200);
    expect(readGatewayConfig("mercadopago")).toEqual({
      ...MP,
      sandboxMode: false,
      notificationUrl: "",
    });
  });

  it("GET /api/payment-gateways never contains a stored secret", async () => {
    const response = await get(gatewaysRoute.loader, "/api/payment-gateways");
    const text = await response.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const { data } = JSON.parse(text);
    expect(data.mercadopago).toMatchObject({ configured: true, updated_at: expect.any(String) });
    expect(data.paghiper).toMatchObject({ configured: true, updated_at: expect.any(String) });
  });

  it("refuses bad values and malformed bodies with a 4xx in pt-BR, changing nothing", async () => {
    const before = storedRows();
    const cases: [typeof mercadoPagoRoute.action, string, Init, number, string][] = [
      [
        mercadoPagoRoute.action,
        "mercadopago",
        { json: { notification_url: "ftp://x" } },
        400,
        m.invalidUrl,
      ],
      [
        mercadoPagoRoute.action,
        "mercadopago",
        { json: { sandbox_mode: "talvez" } },
        400,
        m.invalidSandboxMode,
      ],
      [mercadoPagoRoute.action, "mercadopago", { json: {} }, 400, m.nothingToSave],
      [mercadoPagoRoute.action, "mercadopago", { json: null }, 400, m.nothingToSave],
      [
        mercadoPagoRoute.action,
        "mercadopago",
        { json: [{ access_token: "x" }] },
        400,
        m.nothingToSave,
      ],
      [
        mercadoPagoRoute.action,
        "mercadopago",
        { body: '{"access_token":', type: "application/json" },
        400,
        "Erro ao fazer parse do JSON",
      ],
      [
        mercadoPagoRoute.action,
        "mercadopago",
        { body: '{"access_token":"x"}', type: "text/plain" },
        415,
        messages.api.jsonRequired,
      ],
      [
        pagHiperRoute.action,
        "paghiper",
        { json: [{ api_key: "x", token: "y" }] },
        400,
        m.nothingToSave,
      ],
      [pagHiperRoute.action, "paghiper", { json: null }, 400, m.nothingToSave],
      [pagHiperRoute.action, "paghiper", { json: { api_key: ["x"] } }, 400, m.nothingToSave],
      [
        pagHiperRoute.action,
        "paghiper",
        { body: "api_key=x&token=y", type: "application/x-www-form-urlencoded" },
        415,
        messages.api.jsonRequired,
      ],
    ];
    for (const [handler, provider, init, status, message] of cases) {
      const response = await post(handler, `/api/payment-gateways/${provider}`, init);
      expect(response.status, `${provider} ${JSON.stringify(init)}`).toBe(status);
      expect((await envelope(response)).message).toBe(message);
    }
    const urlError = await envelope(
      await post(mercadoPagoRoute.action, "/api/payment-gateways/mercadopago", {
        json: { notification_url: "nope" },
      }),
    );
    expect(urlError.errors).toEqual({ notification_url: [m.invalidUrl] });
    expect(storedRows()).toEqual(before);
  });

  it("is for admins: a customer gets 403, anonymous 401, and nothing changes", async () => {
    const before = storedRows();
    for (const [token, status] of [
      [customerToken, 403],
      [null, 401],
    ] as const) {
      expect((await get(gatewaysRoute.loader, "/api/payment-gateways", token)).status).toBe(status);
      expect(
        (await get(pagHiperRoute.loader, "/api/payment-gateways/paghiper", token)).status,
      ).toBe(status);
      const saves = [
        post(pagHiperRoute.action, "/api/payment-gateways/paghiper", {
          token,
          json: { api_key: "apk_x", token: "TOKENX" },
        }),
        post(mercadoPagoRoute.action, "/api/payment-gateways/mercadopago", {
          token,
          json: { access_token: "x", webhook_secret: "y" },
        }),
        post(pagHiperTestRoute.action, "/api/payment-gateways/paghiper/test", { token }),
        post(mercadoPagoTestRoute.action, "/api/payment-gateways/mercadopago/test", { token }),
      ];
      for (const response of await Promise.all(saves)) expect(response.status).toBe(status);
    }
    expect(storedRows()).toEqual(before);
  });
});

describe("'Testar conexão'", () => {
  it("Mercado Pago: the stored token, or one typed now, answers the account's nickname", async () => {
    const stored = await post(
      mercadoPagoTestRoute.action,
      "/api/payment-gateways/mercadopago/test",
      {
        json: { sandbox_mode: false },
      },
    );
    expect(stored.status).toBe(200);
    expect(await envelope(stored)).toEqual({
      success: true,
      data: { nickname: "TESTUSER1234567890", account: "TESTUSER1234567890" },
      message: "Conexão OK: TESTUSER1234567890",
    });
    const typed = await post(
      mercadoPagoTestRoute.action,
      "/api/payment-gateways/mercadopago/test",
      {
        json: { access_token: MP.accessToken, sandbox_mode: false },
      },
    );
    expect((await envelope(typed)).data.nickname).toBe("TESTUSER1234567890");
  });

  it("Mercado Pago: a token it refuses is a 502 saying so", async () => {
    const response = await post(
      mercadoPagoTestRoute.action,
      "/api/payment-gateways/mercadopago/test",
      {
        json: { access_token: "TEST-not-a-real-token" },
      },
    );
    expect(response.status).toBe(502);
    expect((await envelope(response)).message).toBe(`${m.testFailed}: ${m.tokenInvalid}`);
  });

  it("PagHiper: the stored credentials are accepted", async () => {
    const response = await post(pagHiperTestRoute.action, "/api/payment-gateways/paghiper/test");
    expect(response.status).toBe(200);
    expect(await envelope(response)).toEqual({
      success: true,
      data: { account: m.pagHiperTestOk },
      message: m.pagHiperTestOk,
    });
    const notJson = await post(pagHiperTestRoute.action, "/api/payment-gateways/paghiper/test", {
      body: "x=1",
      type: "text/plain",
    });
    expect(notJson.status).toBe(415);
  });
});
