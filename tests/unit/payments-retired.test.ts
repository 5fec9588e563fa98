import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, payments, subscriptions, webhookEvents } from "~db/schema";
import { signWebhook } from "~/integrations/mercadopago/signature";
import { currentPlan } from "~/models/accounts/credits.server";
import {
  hasPaymentsToCheck,
  mercadoPagoEventId,
  reconcilePendingPayments,
  setPaymentStatusByAdmin,
  startCheckout,
  startPix,
  STORED_PAYLOAD_DEPTH,
  withoutSecrets,
} from "~/models/payments/index.server";
import { createSession } from "~/models/accounts/session.server";
import { subscribe } from "~/models/accounts/subscription.server";
import * as planRoute from "~/routes/payments/api.plans.$id";
import * as newPixRoute from "~/routes/payments/api.payments.paghiper.pix";
import { db } from "~/utils/db.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import { accepted, createFreePlan, createPlan, createUser } from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";
import { deliverToWebhookRoutes, hitWebhookRoute } from "../support/webhook-routes";
import { call, envelope } from "../support/routes";

/**
 * Issue #24, the tester's second round on payments (ADR 0028, addendum): a retired invoice's PIX
 * is cancelled at PagHiper on every path and money paid on it never approves it; a deeply nested
 * notification body is no 500; a replayed Mercado Pago signature stores nothing new, and what is
 * stored is bounded. The simulators deliver their notifications to the webhook routes.
 */

const m = messages.payments;

let holding = false;
const toRoutes = deliverToWebhookRoutes(() => holding);
const hit = hitWebhookRoute;

let sims: PaymentSimulators;
let adminToken = "";

beforeAll(async () => {
  createFreePlan();
  sims = await startPaymentSimulators({ label: "retired", fetch: toRoutes });
  const { user: admin } = await createUser({ role: "admin" });
  adminToken = createSession(admin.id, "api").id;
}, 30_000);

afterAll(async () => {
  await sims?.stop();
});

const invoice = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
const discrepancies = (invoiceId: number) =>
  db()
    .select()
    .from(activity)
    .where(eq(activity.entityId, String(invoiceId)))
    .all()
    .filter((a) => a.type === "payment_mismatch")
    .map((a) => a.action);
const chargeOf = (transactionId: string) =>
  sims.pagHiper.transactions().find((t) => t.transactionId === transactionId)!;

/** The admin raises the plan's price through PUT /api/plans/:id. */
async function raisePrice(planId: number, reais: number) {
  const response = await call(planRoute.action, `/api/plans/${planId}`, {
    method: "PUT",
    token: adminToken,
    params: { id: String(planId) },
    json: { price: reais },
  });
  expect(response.status).toBe(200);
}

async function customer() {
  const { user } = await createUser();
  return {
    user,
    viewer: { id: user.id, role: user.role },
    token: createSession(user.id, "api").id,
  };
}

const apiPix = (token: string, planId: number) =>
  call(newPixRoute.action, "/api/payments/paghiper/pix", {
    method: "POST",
    token,
    json: { plan_id: planId, description: "Assinatura", payer_document: TEST_CPF },
  });

describe("a retired invoice's PIX (hole 1a: every path cancels it at PagHiper)", () => {
  it("POST /api/payments/paghiper/pix after a price rise: new invoice at R$ 99,90, the old PIX cancelled at PagHiper", async () => {
    const plan = createPlan({ name: "Profissional API", priceCents: 4990 }).id;
    const { token } = await customer();
    const first = await envelope(await apiPix(token, plan));
    const oldId = first.data.payment.id as number;
    const oldTransaction = invoice(oldId).providerPaymentId!;
    expect(first.data.amount).toBe(49.9);

    await raisePrice(plan, 99.9);
    const second = await apiPix(token, plan);
    expect(second.status).toBe(201);
    const body = await envelope(second);
    expect(body.data.payment.id).not.toBe(oldId);
    expect(body.data.amount).toBe(99.9);
    expect(invoice(oldId)).toMatchObject({ status: "cancelled", nextCheckAt: null });
    await sims.pagHiper.settled();
    expect(chargeOf(oldTransaction).status).toBe("canceled");
    // The old code can no longer be paid at PagHiper.
    await expect(sims.pagHiper.pay(oldTransaction)).rejects.toThrow();
  });

  it("subscribe alone (the settings page, POST /api/auth/subscribe) leaves it marked; the poller cancels it", async () => {
    const plan = createPlan({ name: "Profissional poller", priceCents: 4990 }).id;
    const { user, viewer } = await customer();
    const made = accepted(subscribe({ userId: user.id, planId: plan, paymentMethod: "pix" }));
    if (made.kind !== "payment_required") throw new Error("expected an invoice");
    accepted(await startPix(viewer, made.payment.id, TEST_CPF));
    const oldTransaction = invoice(made.payment.id).providerPaymentId!;

    await raisePrice(plan, 99.9);
    accepted(subscribe({ userId: user.id, planId: plan, paymentMethod: "pix" }));
    expect(invoice(made.payment.id).status).toBe("cancelled");
    expect(invoice(made.payment.id).nextCheckAt).not.toBeNull();
    expect(chargeOf(oldTransaction).status).toBe("pending");
    expect(hasPaymentsToCheck()).toBe(true);

    await reconcilePendingPayments();
    await sims.pagHiper.settled();
    expect(chargeOf(oldTransaction).status).toBe("canceled");
    expect(invoice(made.payment.id)).toMatchObject({ status: "cancelled", nextCheckAt: null });
  });
});

describe("money paid on a retired invoice (hole 1b: never approves it)", () => {
  it("PagHiper: the old PIX paid at R$ 49,90 after the invoice was retired is recorded, the invoice stays cancelled, no plan", async () => {
    const plan = createPlan({ name: "Profissional PIX velho", priceCents: 4990 }).id;
    const { user, viewer } = await customer();
    const made = accepted(subscribe({ userId: user.id, planId: plan, paymentMethod: "pix" }));
    if (made.kind !== "payment_required") throw new Error("expected an invoice");
    const oldId = made.payment.id;
    accepted(await startPix(viewer, oldId, TEST_CPF));
    const oldTransaction = invoice(oldId).providerPaymentId!;

    await raisePrice(plan, 99.9);
    const renewed = accepted(subscribe({ userId: user.id, planId: plan, paymentMethod: "pix" }));
    if (renewed.kind !== "payment_required") throw new Error("expected an invoice");
    expect(renewed.payment.amountCents).toBe(9990);
    // PagHiper could not be told in time (nobody asked to pay yet): the old code is still live.
    await sims.pagHiper.pay(oldTransaction);
    const notification = sims.pagHiper.notifications.at(-1)!;
    expect(notification.status).toBe(200);

    expect(invoice(oldId).status).toBe("cancelled");
    expect(invoice(renewed.payment.id).status).toBe("pending");
    expect(currentPlan(user.id)?.planId).not.toBe(plan);
    const recorded = `${m.paidCancelledInvoice(formatBRL(4990))} (PagHiper, transação ${oldTransaction})`;
    expect(recorded).toMatch(/^Pagamento recebido para uma fatura cancelada: recebido R\$\s49,90/);
    expect(discrepancies(oldId)).toEqual([recorded]);
    const event = db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, notification.body.notification_id!))
      .get()!;
    expect(event.outcome).toBe(`fatura #${oldId}: ${m.paidCancelledInvoice(formatBRL(4990))}`);

    // Asking PagHiper again ("Verificar", the poller) comes to the same answer, recorded once.
    await reconcilePendingPayments(new Date(Date.now() + 3_600_000));
    expect(invoice(oldId).status).toBe("cancelled");
    expect(discrepancies(oldId)).toHaveLength(1);

    // "Marcar pago" does not approve a cancelled invoice: the admin refunds it or gives the plan.
    expect(setPaymentStatusByAdmin(oldId, "approved", user.id)).toMatchObject({
      ok: false,
      message: m.cancelledNotPayable,
    });
    expect(invoice(oldId).status).toBe("cancelled");
  });

  it("Mercado Pago: a payment on the retired invoice's still-open checkout is recorded and approves nothing", async () => {
    const plan = createPlan({ name: "Profissional cartão velho", priceCents: 4990 }).id;
    const { user, viewer } = await customer();
    const made = accepted(
      subscribe({ userId: user.id, planId: plan, paymentMethod: "credit_card" }),
    );
    if (made.kind !== "payment_required") throw new Error("expected an invoice");
    const oldId = made.payment.id;
    const checkout = accepted(await startCheckout(viewer, oldId));
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === checkout.payment.externalReference)!;

    await raisePrice(plan, 99.9);
    const renewed = accepted(
      subscribe({ userId: user.id, planId: plan, paymentMethod: "credit_card" }),
    );
    if (renewed.kind !== "payment_required") throw new Error("expected an invoice");
    expect(invoice(oldId).status).toBe("cancelled");

    const paid = await sims.mercadoPago.pay(preference.id, "approved");
    expect(sims.mercadoPago.notifications.at(-1)!.status).toBe(200);
    expect(invoice(oldId).status).toBe("cancelled");
    expect(currentPlan(user.id)?.planId).not.toBe(plan);
    expect(discrepancies(oldId)).toEqual([
      `${m.paidCancelledInvoice(formatBRL(4990))} (Mercado Pago, pagamento ${paid.id})`,
    ]);
  });
});

/** A notification signed with the simulator's secret, as Mercado Pago would send it. */
function signed(dataId: string, requestId: string, body: string) {
  const signature = signWebhook({
    secret: sims.credentials.mercadopago.webhookSecret,
    dataId,
    requestId,
    ts: Math.floor(Date.now() / 1000),
  });
  return {
    url: `http://localhost/api/webhooks/mercadopago?data.id=${dataId}&type=payment`,
    init: {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature": signature,
        "x-request-id": requestId,
      },
      body,
    },
  };
}

describe("a deeply nested notification body (hole 2)", () => {
  it("withoutSecrets keeps 32 levels and a placeholder below, never throwing", () => {
    let deep: unknown = { token: "segredo" };
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const kept = JSON.stringify(withoutSecrets(deep));
    expect(kept).not.toContain("segredo");
    expect(kept.split('{"a":').length - 1).toBe(STORED_PAYLOAD_DEPTH);
    expect(kept).toContain("[profundidade excedida]");
    expect(withoutSecrets({ list: [[[{ apiKey: "k" }]]] })).toEqual({
      list: [[[{ apiKey: "[removido]" }]]],
    });
  });

  it("a validly signed body nested 200,000 levels deep is answered (no 500) and stores a small row", async () => {
    const depth = 200_000;
    const body = `{"type":"payment","id":1,"data":{"id":"99100"},"x":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const { url, init } = signed("99100", crypto.randomUUID(), body);
    const response = await hit(url, init);
    // Signed for a payment Mercado Pago does not know: recorded and acknowledged.
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { duplicate: false } });
    for (const event of db().select().from(webhookEvents).all())
      expect(event.payload.length).toBeLessThan(1024);
  });
});

describe("a replayed Mercado Pago signature (hole 3)", () => {
  it("one signature with five bodies is one event: the first is processed, the rest are duplicates, nothing new stored", async () => {
    const requestId = crypto.randomUUID();
    const padding = "x".repeat(60_000);
    const statuses: number[] = [];
    const answers: unknown[] = [];
    const before = db().select().from(webhookEvents).all().length;
    for (let id = 1; id <= 5; id++) {
      const body = JSON.stringify({ id, type: "payment", data: { id: "88200" }, padding });
      const { url, init } = signed("88200", requestId, body);
      const response = await hit(url, init);
      statuses.push(response.status);
      answers.push(((await response.json()) as { data: unknown }).data);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(answers).toEqual([
      { duplicate: false },
      { duplicate: true },
      { duplicate: true },
      { duplicate: true },
      { duplicate: true },
    ]);
    const rows = db().select().from(webhookEvents).all();
    expect(rows.length - before).toBe(1);
    const stored = rows.find(
      (e) => e.eventId === mercadoPagoEventId("88200", new Headers({ "x-request-id": requestId })),
    )!;
    expect(stored.outcome).toBe("unknown_payment");
    expect(stored.payload.length).toBeLessThan(1024);
    expect(JSON.parse(stored.payload)).toEqual({ id: 1, type: "payment", data: { id: "88200" } });
  });

  it("PagHiper: a genuine notification padded with 60 KB stores only the fields read; replayed, nothing new", async () => {
    const plan = createPlan({ name: "PIX acolchoado", priceCents: 2990 }).id;
    const { viewer, user } = await customer();
    const made = accepted(subscribe({ userId: user.id, planId: plan, paymentMethod: "pix" }));
    if (made.kind !== "payment_required") throw new Error("expected an invoice");
    accepted(await startPix(viewer, made.payment.id, TEST_CPF));
    const before = db().select().from(webhookEvents).all().length;
    holding = true;
    try {
      await sims.pagHiper.pay(invoice(made.payment.id).providerPaymentId!);
    } finally {
      holding = false;
    }
    const notification = sims.pagHiper.notifications.at(-1)!;
    const rows = () => db().select().from(webhookEvents).all();

    // The genuine notification, delivered padded (PagHiper confirms only its two ids), then replayed.
    const padded = new URLSearchParams({ ...notification.body, padding: "y".repeat(60_000) });
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await hit(notification.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: padded.toString(),
      });
      expect(response.status).toBe(200);
      answers.push(((await response.json()) as { data: unknown }).data);
    }
    expect(answers).toEqual([{ duplicate: false }, { duplicate: true }, { duplicate: true }]);
    expect(invoice(made.payment.id).status).toBe("approved");
    expect(rows().length - before).toBe(1);
    const stored = rows().find((e) => e.eventId === notification.body.notification_id)!;
    expect(stored.payload.length).toBeLessThan(1024);
    expect(JSON.parse(stored.payload)).toEqual({
      apiKey: "[removido]",
      transaction_id: notification.body.transaction_id,
      notification_id: notification.body.notification_id,
      notification_date: notification.body.notification_date,
      source_api: "pix",
    });
    expect(
      db().select().from(subscriptions).where(eq(subscriptions.id, made.subscription.id)).get()!
        .status,
    ).toBe("active");
  });
});
