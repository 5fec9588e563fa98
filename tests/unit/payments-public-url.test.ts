import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { payments, plans, seoSettings } from "~db/schema";
import { publicOrigin, publicOriginRefusal, startPix } from "~/models/payments/index.server";
import { applyPaymentStatus } from "~/models/payments/payment.server";
import { subscribe } from "~/models/accounts/subscription.server";
import type { User } from "~/models/accounts/user.server";
import * as payDialog from "~/routes/payments/_app.invoices.$id.pagar";
import * as pixDialog from "~/routes/payments/_app.invoices.$id.pix";
import * as apiPix from "~/routes/payments/api.payments.paghiper.pix";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createPlan,
  createUser,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";

/**
 * Issue #24: where the providers are told to send notifications and buyers (APP_URL, the SEO
 * canonical URL, this machine locally — never the request's Host, ADR 0028), and that an invoice
 * priced before its plan's price changed is never paid at the old price.
 */

const EVIL = "evil.example";
const m = messages.payments;

/** Provider notifications are kept, not delivered. */
const keep: typeof fetch = async () => new Response("{}", { status: 200 });

let sims: PaymentSimulators;
let plan = 0;

beforeAll(async () => {
  sims = await startPaymentSimulators({ label: "publicurl", fetch: keep });
  createFreePlan();
  plan = createPlan({ name: "Profissional URL", priceCents: 4990 }).id;
});

afterAll(async () => {
  await sims.stop();
});

afterEach(() => {
  for (const name of ["APP_URL", "NODE_ENV", "ADMIN_PASSWORD", "PAYMENT_SIMULATORS"])
    delete process.env[name];
  process.env.NODE_ENV = "test";
  resetEnvForTests();
  db().delete(seoSettings).run();
});

async function customerInvoice(planId = plan, paymentMethod: "pix" | "credit_card" = "pix") {
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId, paymentMethod }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, invoiceId: result.payment.id };
}

/** A form post to a route as a browser on a forged Host sends it: URL, Host and Origin all evil. */
async function postForged(
  route: typeof pixDialog | typeof payDialog,
  user: User,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string>,
) {
  const { Cookie } = await sessionHeaders(user, "web");
  const request = new Request(`http://${EVIL}${path}`, {
    method: "POST",
    headers: {
      Host: EVIL,
      Origin: `http://${EVIL}`,
      Cookie: Cookie!,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return (await route.action({ request, params, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const row = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
const chargeOf = (invoiceId: number) => {
  const orderId = row(invoiceId).checkoutId;
  return sims.pagHiper.transactions().find((t) => t.orderId === orderId)!;
};
const LOCAL = /^http:\/\/localhost:\d+\//;

describe("a forged Host never reaches the provider (ADR 0028)", () => {
  it("the PIX dialog: PagHiper is told this machine's address, not the Host's", async () => {
    const { user, invoiceId } = await customerInvoice();
    const response = await postForged(
      pixDialog,
      user,
      `/invoices/${invoiceId}/pix`,
      { intent: "generate", cpf: TEST_CPF },
      { id: String(invoiceId) },
    );
    expect(response.status).toBe(302);
    const charge = chargeOf(invoiceId);
    expect(charge.notificationUrl).toMatch(LOCAL);
    expect(charge.notificationUrl).not.toContain(EVIL);
  });

  it("the card checkout: Mercado Pago's notification and return URLs come from APP_URL", async () => {
    process.env.APP_URL = "https://encaixa.example.com.br/";
    resetEnvForTests();
    const { user, invoiceId } = await customerInvoice(plan, "credit_card");
    const response = await postForged(
      payDialog,
      user,
      `/invoices/${invoiceId}/pagar`,
      { intent: "checkout" },
      { id: String(invoiceId) },
    );
    expect(response.status).toBe(302);
    const preference = sims.mercadoPago
      .preferences()
      .find((p) => p.externalReference === row(invoiceId).externalReference)!;
    expect(preference.notificationUrl).toBe(
      "https://encaixa.example.com.br/api/webhooks/mercadopago?source_news=webhooks",
    );
    expect(preference.backUrls.success).toBe(
      `https://encaixa.example.com.br/invoices?payment=success&invoice=${invoiceId}`,
    );
    expect(JSON.stringify(preference.body)).not.toContain(EVIL);
  });

  it("POST /api/payments/paghiper/pix: the SEO canonical URL when APP_URL is unset", async () => {
    db().insert(seoSettings).values({ id: 1, canonicalUrl: "https://www.canonica.example" }).run();
    expect(publicOrigin()).toBe("https://www.canonica.example");
    const { user } = await createUser();
    const { Authorization } = await sessionHeaders(user, "api");
    const request = new Request(`http://${EVIL}/api/payments/paghiper/pix`, {
      method: "POST",
      headers: { Host: EVIL, Authorization: Authorization!, "Content-Type": "application/json" },
      body: JSON.stringify({ plan_id: plan, payer_document: TEST_CPF }),
    });
    const response = (await apiPix.action({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { payment: { id: number } } };
    expect(chargeOf(data.payment.id).notificationUrl).toBe(
      "https://www.canonica.example/api/webhooks/paghiper",
    );
  });

  it("in production with neither APP_URL nor a canonical URL the server refuses to start, and no PIX starts", async () => {
    expect(publicOriginRefusal()).toBeNull();
    process.env.NODE_ENV = "production";
    process.env.ADMIN_PASSWORD = "a-real-admin-password";
    process.env.PAYMENT_SIMULATORS = "true";
    resetEnvForTests();
    expect(publicOrigin()).toBeNull();
    expect(publicOriginRefusal()).toBe(m.publicUrlRequired);
    const { user, invoiceId } = await customerInvoice();
    const before = JSON.stringify(row(invoiceId));
    const charges = sims.pagHiper.transactions().length;
    expect(await startPix({ id: user.id, role: user.role }, invoiceId, TEST_CPF)).toMatchObject({
      ok: false,
      reason: "not_configured",
      message: m.publicUrlMissing,
    });
    expect(JSON.stringify(row(invoiceId))).toBe(before);
    expect(sims.pagHiper.transactions()).toHaveLength(charges);

    db().insert(seoSettings).values({ id: 1, canonicalUrl: "https://www.canonica.example" }).run();
    expect(publicOriginRefusal()).toBeNull();
    db().delete(seoSettings).run();
    process.env.APP_URL = "https://encaixa.example.com.br";
    resetEnvForTests();
    expect(publicOriginRefusal()).toBeNull();
  });
});

describe("an old price is never paid (ADR 0028)", () => {
  it("a pending PIX invoice at R$ 49,90 asked to pay after the price went to R$ 99,90: a new invoice, a new charge", async () => {
    const pricey = createPlan({ name: "Reajuste", priceCents: 4990 }).id;
    const { user, invoiceId } = await customerInvoice(pricey);
    const viewer = { id: user.id, role: user.role };
    const first = accepted(await startPix(viewer, invoiceId, TEST_CPF));
    expect(first.amountCents).toBe(4990);
    const oldCharge = chargeOf(invoiceId);

    db().update(plans).set({ priceCents: 9990 }).where(eq(plans.id, pricey)).run();
    const response = await postForged(
      pixDialog,
      user,
      `/invoices/${invoiceId}/pix`,
      { intent: "generate", cpf: TEST_CPF },
      { id: String(invoiceId) },
    );
    expect(response.status).toBe(302);
    const newId = Number(response.headers.get("Location")!.match(/^\/invoices\/(\d+)\/pix$/)![1]);
    expect(newId).not.toBe(invoiceId);
    expect((await toastOf(response))?.message).toBe(
      m.repriced(
        row(invoiceId).externalReference,
        formatBRL(4990),
        row(newId).externalReference,
        formatBRL(9990),
      ),
    );
    expect(row(invoiceId).status).toBe("cancelled");
    expect(row(newId)).toMatchObject({ status: "pending", amountCents: 9990 });
    expect(chargeOf(newId).valueCents).toBe(9990);
    // The old code can no longer be paid at PagHiper.
    await sims.pagHiper.settled();
    expect(oldCharge.status).toBe("canceled");

    // Asking for the plan again answers the invoice at the current price.
    const again = accepted(subscribe({ userId: user.id, planId: pricey, paymentMethod: "pix" }));
    expect(again.kind === "payment_required" && again.payment.id).toBe(newId);
  });

  it("an expired PIX never reopens at its old price", async () => {
    const pricey = createPlan({ name: "Reajuste expirado", priceCents: 4990 }).id;
    const { user, invoiceId } = await customerInvoice(pricey);
    const viewer = { id: user.id, role: user.role };
    accepted(await startPix(viewer, invoiceId, TEST_CPF));
    accepted(applyPaymentStatus(invoiceId, { status: "expired", source: "expiry" }));

    // Same price: a new charge on the same invoice (at that price, which is the current one).
    const reopened = accepted(await startPix(viewer, invoiceId, TEST_CPF));
    expect(reopened).toMatchObject({ paymentId: invoiceId, amountCents: 4990, replaced: null });
    accepted(applyPaymentStatus(invoiceId, { status: "expired", source: "expiry" }));

    // Price changed: the expired invoice stays expired and a new one is charged at the new price.
    db().update(plans).set({ priceCents: 9990 }).where(eq(plans.id, pricey)).run();
    const fresh = accepted(await startPix(viewer, invoiceId, TEST_CPF));
    expect(fresh.paymentId).not.toBe(invoiceId);
    expect(fresh).toMatchObject({ amountCents: 9990, replaced: { id: invoiceId } });
    expect(row(invoiceId).status).toBe("expired");
    expect(chargeOf(fresh.paymentId).valueCents).toBe(9990);
  });
});
