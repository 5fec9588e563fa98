import { afterEach, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "./signature";
import {
  clientFor,
  closedPort,
  preferenceInput,
  simulator,
  stopSimulators,
  UUID,
  WEBHOOK_SECRET,
  useWebhookReceiver,
} from "./test-support";

afterEach(stopSimulators);

describe("Mercado Pago client against the simulator", () => {
  const receiver = useWebhookReceiver();

  it("pays a preference, sends the signed webhook as Mercado Pago does, and reads the payment back", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_pay", notificationUrl: receiver.url }),
    );
    const before = Math.floor(Date.now() / 1000);
    const paid = await sim.pay(preference.id, "approved");

    expect(paid).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
      externalReference: "inv_pay",
      transactionAmount: 49.9,
      paymentMethodId: "master",
      paymentTypeId: "credit_card",
      liveMode: false,
    });
    expect(paid.id).toMatch(/^\d+$/);
    expect(paid.dateApproved).not.toBeNull();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.url.pathname).toBe("/api/webhooks/mercadopago");
    expect(delivery!.url.searchParams.get("source_news")).toBe("webhooks");
    expect(delivery!.url.searchParams.get("data.id")).toBe(paid.id);
    expect(delivery!.url.searchParams.get("type")).toBe("payment");
    expect(delivery!.headers["content-type"]).toBe("application/json");
    expect(delivery!.headers["x-request-id"]).toMatch(new RegExp(`^${UUID}$`));
    expect(delivery!.body).toEqual({
      id: expect.any(Number),
      live_mode: false,
      type: "payment",
      date_created: expect.any(String),
      user_id: 987654,
      api_version: "v1",
      action: "payment.created",
      data: { id: paid.id },
    });
    const signatureHeader = String(delivery!.headers["x-signature"]);
    expect(signatureHeader).toMatch(/^ts=\d{10},v1=[0-9a-f]{64}$/);
    expect(Number(/ts=(\d+)/.exec(signatureHeader)![1])).toBeGreaterThanOrEqual(before);
    expect(
      verifyWebhookSignature({
        secret: WEBHOOK_SECRET,
        signatureHeader,
        requestId: String(delivery!.headers["x-request-id"]),
        dataId: delivery!.url.searchParams.get("data.id"),
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    ).toEqual({ ok: true });
    expect(sim.notifications).toHaveLength(1);
    expect(sim.notifications[0]).toMatchObject({ paymentId: paid.id, status: 200 });

    expect(await client.getPayment(paid.id)).toEqual(paid);
    expect(await client.searchPayments("inv_pay")).toEqual([paid]);
    expect(await client.searchPayments("inv_other")).toEqual([]);
  });

  it("sends payment.updated on every change and resends the same notification freshly signed", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_pix", notificationUrl: receiver.url }),
    );
    const pending = await sim.pay(preference.id, "pending");
    expect(pending).toMatchObject({
      status: "pending",
      statusDetail: "pending_waiting_transfer",
      paymentMethodId: "pix",
      paymentTypeId: "bank_transfer",
      dateApproved: null,
    });

    await sim.setStatus(pending.id, "approved");
    expect(await client.getPayment(pending.id)).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
      dateApproved: expect.any(String),
    });
    await sim.setStatus(pending.id, "refunded");
    expect((await client.getPayment(pending.id)).status).toBe("refunded");
    await sim.resend(pending.id);

    const actions = receiver.received.map((r) => (r.body as { action: string }).action);
    expect(actions).toEqual([
      "payment.created",
      "payment.updated",
      "payment.updated",
      "payment.updated",
    ]);
    const [, , last, resent] = receiver.received;
    expect(resent!.body).toEqual(last!.body);
    expect(resent!.headers["x-request-id"]).not.toBe(last!.headers["x-request-id"]);
    for (const delivery of receiver.received) {
      expect(
        verifyWebhookSignature({
          secret: WEBHOOK_SECRET,
          signatureHeader: String(delivery.headers["x-signature"]),
          requestId: String(delivery.headers["x-request-id"]),
          dataId: delivery.url.searchParams.get("data.id"),
          nowSeconds: Math.floor(Date.now() / 1000),
        }),
      ).toEqual({ ok: true });
    }
  });

  it("records the app's answer, or none when nobody answers", async () => {
    const { sim, baseUrl } = await simulator({ webhookTimeoutMs: 2_000 });
    const client = clientFor(baseUrl);
    receiver.status = 500;
    const answered = await client.createPreference(
      preferenceInput({ notificationUrl: receiver.url }),
    );
    await sim.pay(answered.id, "rejected");
    const unreachable = await client.createPreference(
      preferenceInput({ notificationUrl: `http://127.0.0.1:${await closedPort()}/hook` }),
    );
    const rejected = await sim.pay(unreachable.id, "rejected");
    expect(rejected).toMatchObject({
      status: "rejected",
      statusDetail: "cc_rejected_other_reason",
    });
    expect(sim.notifications.map((n) => n.status)).toEqual([500, null]);
  });
});
