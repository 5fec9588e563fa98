import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { isValidBrCode, parseBrCode } from "~/utils/brcode";
import { saoPauloDay } from "~/utils/format";
import { createPagHiperClient } from "./client.server";
import { createPagHiperSimulator, type PagHiperSimulator } from "./simulator.server";
import { CREDENTIALS, pixInput, rejectionOf, simulator, stopSimulators } from "./test-support";

const api = messages.pagHiperSim.api;

afterEach(stopSimulators);

describe("PagHiper client against the simulator", () => {
  let sim: PagHiperSimulator;
  let baseUrl: string;
  /** What the app's webhook received, and what it answered after confirming. */
  const received: { contentType: string | null; form: URLSearchParams }[] = [];
  const client = () => createPagHiperClient({ baseUrl, ...CREDENTIALS, backoffMs: 1 });

  beforeAll(async () => {
    // The app's webhook, in process: checks the apiKey, then confirms the notification.
    const webhook: typeof fetch = async (_url, init) => {
      const form = new URLSearchParams(String(init?.body));
      received.push({ contentType: new Headers(init?.headers).get("content-type"), form });
      if (form.get("apiKey") !== CREDENTIALS.apiKey) return new Response("", { status: 401 });
      try {
        await client().confirmNotification(
          form.get("transaction_id") ?? "",
          form.get("notification_id") ?? "",
        );
        return new Response("", { status: 200 });
      } catch {
        return new Response("", { status: 401 });
      }
    };
    sim = createPagHiperSimulator({ ...CREDENTIALS, fetch: webhook });
    baseUrl = await sim.start();
  });
  afterAll(() => sim.stop());

  it("creates a PIX charge: a transaction id, string numbers parsed, a valid dynamic BR Code", async () => {
    const input = pixInput({
      items: [
        { itemId: "a", description: "Plano", quantity: 2, priceCents: 1000 },
        { itemId: "b", description: "Taxa", quantity: 1, priceCents: 234 },
      ],
    });
    const pix = await client().createPix(input);
    expect(pix.transactionId).toMatch(/^[A-Z0-9]{16}$/);
    expect(pix).toMatchObject({ orderId: input.orderId, status: "pending", valueCents: 2234 });
    expect(pix.dueDate).toBe(saoPauloDay(Date.now() + 3 * 86_400_000));
    expect(pix.createdDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(isValidBrCode(pix.emv)).toBe(true);
    const fields = parseBrCode(pix.emv)!;
    expect(fields.get("54")).toBe("22.34");
    expect(fields.get("59")).toBe("ENCAIXA SIMULADOR");
    expect(fields.get("60")).toBe("SAO PAULO");
    expect(parseBrCode(fields.get("62")!)!.get("05")).toBe(pix.transactionId);
    const location = parseBrCode(fields.get("26")!)!.get("25");
    expect(`http://${location}`).toBe(pix.pixUrl);
    expect(pix.pixUrl).toBe(`${baseUrl}/pix/${pix.transactionId}`);

    const png = Buffer.from(pix.qrcodeBase64!, "base64");
    expect(png.subarray(0, 4).toString("hex")).toBe("89504e47");
    const page = await fetch(pix.pixUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(pix.emv);

    const [stored] = sim.transactions().filter((t) => t.transactionId === pix.transactionId);
    expect(stored!.payer.cpfCnpj).toBe("12345678909");
  });

  it("reads a charge's status", async () => {
    const pix = await client().createPix(pixInput());
    expect(await client().status(pix.transactionId)).toEqual({
      transactionId: pix.transactionId,
      orderId: pix.orderId,
      status: "pending",
      statusDate: pix.createdDate,
      dueDate: pix.dueDate,
      valueCents: 4990,
      valueCentsPaid: null,
      paidDate: null,
    });
  });

  it("answers the same charge for a repeated order_id, and refuses it with another amount", async () => {
    const input = pixInput();
    const first = await client().createPix(input);
    const again = await client().createPix(input);
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.emv).toBe(first.emv);
    const other = await rejectionOf(
      client().createPix({
        ...input,
        items: [{ itemId: "x", description: "Outro", quantity: 1, priceCents: 999 }],
      }),
    );
    expect(other.responseMessage).toBe(api.orderIdTaken);
    expect(sim.transactions().filter((t) => t.orderId === input.orderId)).toHaveLength(1);
  });

  it.each([
    ["an invalid CPF", { payerCpf: "123.456.789-00" }, api.invalidCpf],
    ["no CPF", { payerCpf: "" }, api.missingPayerCpfCnpj],
    ["no items", { items: [] }, api.missingItems],
    [
      "a total under R$ 3,00",
      { items: [{ itemId: "x", description: "Barato", quantity: 1, priceCents: 299 }] },
      api.minimumTotal,
    ],
    ["an invalid e-mail", { payerEmail: "cliente" }, api.invalidPayerEmail],
    [
      "a notification URL that is not http",
      { notificationUrl: "ftp://x" },
      api.invalidNotificationUrl,
    ],
    [
      "an item without a description",
      { items: [{ itemId: "x", description: " ", quantity: 1, priceCents: 500 }] },
      api.invalidItem(1),
    ],
  ])("refuses a charge with %s, with PagHiper's pt-BR message", async (_, overrides, message) => {
    const error = await rejectionOf(client().createPix(pixInput(overrides)));
    expect(error.responseMessage).toBe(message);
    expect(error.message).toBe(messages.pagHiperSim.client.rejected(message));
    expect(error.status).toBe(400);
  });

  it("refuses wrong credentials on every call", async () => {
    const pix = await client().createPix(pixInput());
    const wrongKey = createPagHiperClient({
      baseUrl,
      apiKey: "apk_outra",
      token: CREDENTIALS.token,
    });
    const wrongToken = createPagHiperClient({ baseUrl, apiKey: CREDENTIALS.apiKey, token: "X" });
    for (const attempt of [
      wrongKey.createPix(pixInput()),
      wrongKey.status(pix.transactionId),
      wrongToken.status(pix.transactionId),
      wrongToken.cancel(pix.transactionId),
      wrongToken.confirmNotification(pix.transactionId, "x".repeat(64)),
    ]) {
      const error = await rejectionOf(attempt);
      expect(error.responseMessage).toBe("token ou apiKey inválidos");
      expect(error.status).toBe(401);
    }
  });

  it("refuses an unknown transaction", async () => {
    const error = await rejectionOf(client().status("NAOEXISTE0000000"));
    expect(error).toMatchObject({ status: 404, responseMessage: api.transactionNotFound });
  });

  it("notifies a payment form-encoded, and the app confirms it to read the new status", async () => {
    const pix = await client().createPix(pixInput());
    const before = received.length;
    await sim.pay(pix.transactionId);

    const [notification] = received.slice(before);
    expect(notification!.contentType).toBe("application/x-www-form-urlencoded");
    const form = Object.fromEntries(notification!.form);
    expect(Object.keys(form).sort()).toEqual([
      "apiKey",
      "notification_date",
      "notification_id",
      "source_api",
      "transaction_id",
    ]);
    expect(form).toMatchObject({
      apiKey: CREDENTIALS.apiKey,
      transaction_id: pix.transactionId,
      source_api: "pix",
    });
    expect(form.notification_id).toMatch(/^[A-Z0-9]{64}$/);
    expect(form.notification_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sim.notifications.at(-1)).toMatchObject({
      url: "http://app.test/api/webhooks/paghiper",
      body: form,
      status: 200,
    });

    const report = await client().confirmNotification(pix.transactionId, form.notification_id!);
    expect(report).toMatchObject({
      transactionId: pix.transactionId,
      orderId: pix.orderId,
      status: "paid",
    });
    expect(report.paidDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await client().status(pix.transactionId)).status).toBe("paid");
  });

  it("confirms only the notifications it sent, for their own transaction", async () => {
    const one = await client().createPix(pixInput());
    const two = await client().createPix(pixInput());
    await sim.pay(one.transactionId);
    const id = sim.notifications.at(-1)!.body.notification_id!;
    const stranger = await rejectionOf(
      client().confirmNotification(one.transactionId, "A".repeat(64)),
    );
    expect(stranger).toMatchObject({ status: 404, responseMessage: api.notificationNotFound });
    const crossed = await rejectionOf(client().confirmNotification(two.transactionId, id));
    expect(crossed.responseMessage).toBe(api.notificationNotFound);
  });

  it("each notification has its own id, and refunds come only after a payment", async () => {
    const pix = await client().createPix(pixInput());
    await expect(sim.refund(pix.transactionId)).rejects.toThrow(
      messages.pagHiperSim.pages.cannotRefund(messages.pagHiperSim.statuses.pending),
    );
    await sim.pay(pix.transactionId);
    await sim.refund(pix.transactionId);
    const ids = sim.notifications
      .filter((n) => n.body.transaction_id === pix.transactionId)
      .map((n) => n.body.notification_id);
    expect(new Set(ids).size).toBe(2);
    expect((await client().status(pix.transactionId)).status).toBe("refunded");
    await expect(sim.pay(pix.transactionId)).rejects.toThrow();
  });

  it("expires a charge as canceled, with its due date past", async () => {
    const pix = await client().createPix(pixInput({ daysDueDate: 5 }));
    await sim.expire(pix.transactionId);
    const report = await client().status(pix.transactionId);
    expect(report.status).toBe("canceled");
    expect(report.dueDate).toBe(saoPauloDay(Date.now() - 86_400_000));
  });

  it("cancels a pending charge through the API, notifies it, and refuses a second cancel", async () => {
    const pix = await client().createPix(pixInput());
    await client().cancel(pix.transactionId);
    await sim.settled();
    expect(sim.notifications.at(-1)).toMatchObject({
      body: { transaction_id: pix.transactionId },
      status: 200,
    });
    expect((await client().status(pix.transactionId)).status).toBe("canceled");
    const again = await rejectionOf(client().cancel(pix.transactionId));
    expect(again.responseMessage).toBe(api.cannotCancel(messages.pagHiperSim.statuses.canceled));
  });

  it("records a notification nobody answered with a null status", async () => {
    const deaf = await simulator({
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    const deafClient = createPagHiperClient({ baseUrl: deaf.baseUrl, ...CREDENTIALS });
    const pix = await deafClient.createPix(pixInput());
    await deaf.sim.pay(pix.transactionId);
    expect(deaf.sim.notifications).toHaveLength(1);
    expect(deaf.sim.notifications[0]!.status).toBeNull();
  });
});
