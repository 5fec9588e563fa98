import { afterEach, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { createMercadoPagoClient } from "./client.server";
import {
  ACCESS_TOKEN,
  clientFor,
  errorOf,
  headerOf,
  preferenceInput,
  recordingFetch,
  simulator,
  stopSimulators,
  UUID,
} from "./test-support";

afterEach(stopSimulators);

describe("Mercado Pago client against the simulator", () => {
  it("creates a Checkout Pro preference as the API expects it", async () => {
    const { sim, baseUrl } = await simulator();
    const { calls, fetcher } = recordingFetch();
    const expiresAt = new Date("2030-01-31T12:00:00Z");
    const preference = await clientFor(baseUrl, { fetch: fetcher }).createPreference(
      preferenceInput({ externalReference: "inv_42", expiresAt, idempotencyKey: "idem-42" }),
    );

    expect(preference.id).toMatch(new RegExp(`^987654-${UUID}$`));
    const checkout = `${baseUrl}/checkout/v1/redirect?pref-id=${encodeURIComponent(preference.id)}`;
    expect(preference).toEqual({
      id: preference.id,
      initPoint: checkout,
      sandboxInitPoint: checkout,
    });

    const [call] = calls;
    expect(call!.url).toBe(`${baseUrl}/checkout/preferences`);
    expect(call!.init.method).toBe("POST");
    expect(headerOf(call!.init, "authorization")).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(headerOf(call!.init, "x-idempotency-key")).toBe("idem-42");
    expect(headerOf(call!.init, "content-type")).toBe("application/json");
    const body = JSON.parse(String(call!.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      items: [
        {
          id: "inv_42",
          title: "Plano Profissional — mensal",
          description: "Assinatura do Encaixa",
          quantity: 1,
          currency_id: "BRL",
          unit_price: 49.9,
        },
      ],
      payer: { email: "cliente@example.com", name: "Maria Silva" },
      back_urls: preferenceInput().backUrls,
      auto_return: "approved",
      notification_url: "http://127.0.0.1:9/api/webhooks/mercadopago",
      external_reference: "inv_42",
      statement_descriptor: "ENCAIXA",
      payment_methods: { excluded_payment_types: [{ id: "ticket" }] },
      expires: true,
      expiration_date_to: "2030-01-31T09:00:00.000-03:00",
    });
    expect(String(body.expiration_date_from)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/,
    );

    const [stored] = sim.preferences();
    expect(stored).toMatchObject({
      externalReference: "inv_42",
      payerEmail: "cliente@example.com",
    });
    expect(stored!.body).toMatchObject({ collector_id: 987654, init_point: checkout });
  });

  it("leaves the expiration out when there is none", async () => {
    const { baseUrl } = await simulator();
    const { calls, fetcher } = recordingFetch();
    await clientFor(baseUrl, { fetch: fetcher }).createPreference(preferenceInput());
    const body = JSON.parse(String(calls[0]!.init.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty("expires");
    expect(body).not.toHaveProperty("expiration_date_to");
  });

  it("answers the same preference to a repeated idempotency key", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const input = preferenceInput();
    const first = await client.createPreference(input);
    const again = await client.createPreference({ ...input, title: "Outro título" });
    const other = await client.createPreference({ ...input, idempotencyKey: "another-key" });
    expect(again).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(sim.preferences()).toHaveLength(2);
  });

  it("refuses an amount that is not a positive whole number of cents before calling", async () => {
    const { sim, baseUrl } = await simulator();
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      const error = await errorOf(
        clientFor(baseUrl).createPreference(preferenceInput({ amountCents })),
      );
      expect(error.message).toBe(messages.mercadoPagoSim.client.invalidAmount);
    }
    expect(sim.requestCount).toBe(0);
  });

  it("reads the account behind the token", async () => {
    const { baseUrl } = await simulator();
    expect(await clientFor(baseUrl).me()).toEqual({
      id: 987654,
      nickname: "TESTUSER987654",
      email: "test_user_987654@testuser.com",
    });
  });
});

describe("Mercado Pago errors", () => {
  it("maps an invalid token to a 401 in pt-BR, with MP's code, without retrying", async () => {
    const { sim, baseUrl } = await simulator();
    const error = await errorOf(
      createMercadoPagoClient({ baseUrl, accessToken: "APP_USR-wrong", backoffMs: 1 }).me(),
    );
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      message: messages.mercadoPagoSim.client.invalidToken,
    });
    expect(sim.requestCount).toBe(1);

    const raw = await fetch(`${baseUrl}/users/me`);
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      message: "invalid access token",
      error: "unauthorized",
      status: 401,
      cause: [],
    });
  });

  it("maps a 404 to 'not found' and a 403 to missing permissions", async () => {
    const { baseUrl } = await simulator();
    const missing = await errorOf(clientFor(baseUrl).getPayment("123"));
    expect(missing).toMatchObject({
      status: 404,
      code: "not_found",
      message: messages.mercadoPagoSim.client.notFound,
    });

    const forbidden: typeof fetch = async () =>
      Response.json(
        {
          message: "At least one policy returned UNAUTHORIZED.",
          error: "forbidden",
          status: 403,
          cause: [],
        },
        { status: 403 },
      );
    const error = await errorOf(clientFor(baseUrl, { fetch: forbidden }).me());
    expect(error).toMatchObject({
      status: 403,
      code: "forbidden",
      message: messages.mercadoPagoSim.client.forbidden,
    });
  });

  it("reports a refused preference with the API's code and words", async () => {
    const { sim, baseUrl } = await simulator();
    const input = preferenceInput();
    const error = await errorOf(
      clientFor(baseUrl).createPreference({
        ...input,
        backUrls: { ...input.backUrls, success: "" },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_auto_return");
    expect(error.message).toBe(
      messages.mercadoPagoSim.client.rejected(
        400,
        "auto_return invalid. back_url.success must be defined",
      ),
    );
    expect(sim.requestCount).toBe(1);
  });

  it("validates preference bodies like the API, in its error shape", async () => {
    const { baseUrl } = await simulator();
    const post = async (body: string) => {
      const response = await fetch(`${baseUrl}/checkout/preferences`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ACCESS_TOKEN}`, "Content-Type": "application/json" },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const noItems = await post(JSON.stringify({ items: [] }));
    expect(noItems).toEqual({
      status: 400,
      body: {
        message: "items needed",
        error: "bad_request",
        status: 400,
        cause: [{ code: "invalid_items", description: "items needed" }],
      },
    });
    const badItem = await post(
      JSON.stringify({ items: [{ title: "", quantity: 0, unit_price: "10" }] }),
    );
    expect(badItem.status).toBe(400);
    expect(badItem.body.cause).toHaveLength(3);
    const badUrl = await post(
      JSON.stringify({
        items: [{ title: "a", quantity: 1, unit_price: 1 }],
        notification_url: "not a url",
      }),
    );
    expect(badUrl.body.message).toBe("notification_url attribute must be url valid");
    expect((await post("{not json")).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    const autoReturn = await post(
      JSON.stringify({
        items: [{ title: "a", quantity: 1, unit_price: 1 }],
        auto_return: "approved",
      }),
    );
    expect(autoReturn.body).toEqual({
      message: "auto_return invalid. back_url.success must be defined",
      error: "invalid_auto_return",
      status: 400,
      cause: [],
    });
  });

  it("answers unknown paths and wrong methods like an API", async () => {
    const { baseUrl } = await simulator();
    const headers = { Authorization: `Bearer ${ACCESS_TOKEN}` };
    const unknown = await fetch(`${baseUrl}/v1/nothing`, { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found", status: 404 });
    expect((await fetch(`${baseUrl}/checkout/preferences`, { headers })).status).toBe(405);
    expect((await fetch(`${baseUrl}/users/me`, { method: "POST", headers })).status).toBe(405);
  });

  it("turns an answer that is not JSON into a pt-BR error", async () => {
    const html: typeof fetch = async () =>
      new Response("<html>Bad gateway</html>", {
        status: 200,
        headers: { "Content-Type": "text/html" },
      });
    const error = await errorOf(clientFor("http://mp.invalid", { fetch: html }).me());
    expect(error.message).toBe(messages.mercadoPagoSim.client.notJson(200));
    expect(error.status).toBe(200);
  });
});
