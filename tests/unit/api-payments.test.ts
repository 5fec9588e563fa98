import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, subscriptions } from "~db/schema";
import { currentPlan } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import type { User } from "~/models/accounts/user.server";
import * as subscribeRoute from "~/routes/payments/api.auth.subscribe";
import * as myPaymentsRoute from "~/routes/payments/api.my.payments";
import * as paymentRoute from "~/routes/payments/api.payments.$id";
import * as pixRoute from "~/routes/payments/api.payments.$id.pix";
import * as syncRoute from "~/routes/payments/api.payments.$id.sync";
import * as paymentsRoute from "~/routes/payments/api.payments._index";
import * as newPixRoute from "~/routes/payments/api.payments.paghiper.pix";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { createFreePlan, createInvoiceFor, createPlan, createUser } from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";
import { call, envelope } from "../support/routes";

/**
 * The invoices and payments API (admin spec §7 "Invoices and payments", public spec §7
 * "Payments"), against the Mercado Pago and PagHiper simulators running as their own servers.
 * Their notifications are dropped here (tests/unit/api-webhooks.test.ts delivers them): what an
 * invoice learns, it learns by "Sincronizar".
 */

const m = messages.payments;
const dropped: typeof fetch = async () => new Response("{}", { status: 200 });

let sims: PaymentSimulators;
let paidPlanId = 0;
let otherPaidPlanId = 0;
let freePlanId = 0;

async function customer(role: "user" | "premium_user" | "admin" = "user") {
  const { user } = await createUser({ role });
  return { user, token: createSession(user.id, "api").id };
}

const invoiceCount = (userId: number) =>
  db().select({ n: count() }).from(payments).where(eq(payments.userId, userId)).get()!.n;
const invoiceRow = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;

const subscribeAs = (token: string, json: unknown) =>
  call(subscribeRoute.action, "/api/auth/subscribe", { method: "POST", json, token });
const newPix = (
  token: string | undefined,
  init: { json?: unknown; body?: string; type?: string },
) =>
  call(newPixRoute.action, "/api/payments/paghiper/pix", {
    method: "POST",
    token,
    json: init.json,
    body: init.body,
    headers: init.type ? { "Content-Type": init.type } : undefined,
  });
const pixBody = (planId: number, cpf = TEST_CPF) => ({
  plan_id: planId,
  description: "Assinatura",
  payer_document: cpf,
});
const getPayment = (id: number | string, token?: string) =>
  call(paymentRoute.loader, `/api/payments/${id}`, { token, params: { id: String(id) } });
const patchPayment = (
  id: number | string,
  token: string | undefined,
  init: { json?: unknown; body?: string; type?: string },
) =>
  call(paymentRoute.action, `/api/payments/${id}`, {
    method: "PATCH",
    token,
    params: { id: String(id) },
    json: init.json,
    body: init.body,
    headers: init.type ? { "Content-Type": init.type } : undefined,
  });
const getPix = (id: number, token?: string) =>
  call(pixRoute.loader, `/api/payments/${id}/pix`, { token, params: { id: String(id) } });
const sync = (id: number, token?: string) =>
  call(syncRoute.action, `/api/payments/${id}/sync`, {
    method: "POST",
    token,
    params: { id: String(id) },
  });

beforeAll(() => {
  createFreePlan(); // where every new account starts
  freePlanId = createFreePlan().id;
  paidPlanId = createPlan({ name: "Profissional Pagamentos", priceCents: 4990 }).id;
  otherPaidPlanId = createPlan({ name: "Frota Pagamentos", priceCents: 12990 }).id;
});

afterAll(async () => {
  await sims?.stop();
});

describe("before any gateway is configured", () => {
  it("POST /api/payments/paghiper/pix says PagHiper is not configured and creates nothing", async () => {
    const { user, token } = await customer();
    const response = await newPix(token, { json: pixBody(paidPlanId) });
    expect(response.status).toBe(400);
    expect(await envelope(response)).toEqual({
      success: false,
      data: null,
      message: "PagHiper não configurado. Configure em Admin > Pagamentos.",
    });
    expect(invoiceCount(user.id)).toBe(0);
  });

  it("POST /api/auth/subscribe still answers the pending invoice, without a link, saying why", async () => {
    const { user, token } = await customer();
    const response = await subscribeAs(token, { planId: paidPlanId });
    expect(response.status).toBe(201);
    const body = await envelope(response);
    expect(body.data.payment).toMatchObject({
      status: "pending",
      gateway: "manual",
      amount: 49.9,
      init_point: null,
      sandbox_init_point: null,
      checkout_url: null,
    });
    expect(body.message).toBe(
      m.invoiceWithoutLink(body.data.payment.external_reference, m.mercadoPagoUnavailable),
    );
    expect(invoiceCount(user.id)).toBe(1);
  });
});

describe("with the gateways pointed at the simulators", () => {
  beforeAll(async () => {
    sims = await startPaymentSimulators({ label: "payments", fetch: dropped });
  });

  describe("POST /api/auth/subscribe", () => {
    it("answers a paid plan by card with its Mercado Pago checkout link, the same one when asked again", async () => {
      const { user, token } = await customer();
      const response = await subscribeAs(token, { planId: paidPlanId });
      expect(response.status).toBe(201);
      const body = await envelope(response);
      const preference = sims.mercadoPago.preferences().at(-1)!;
      expect(body.data.payment).toEqual({
        id: expect.any(Number),
        status: "pending",
        gateway: "mercadopago",
        amount: 49.9,
        credit: 0,
        amount_due: 49.9,
        external_reference: preference.externalReference,
        init_point: preference.initPoint,
        sandbox_init_point: expect.any(String),
        // The simulators' account is a sandbox one: the link to open is the sandbox one.
        checkout_url: body.data.payment.sandbox_init_point,
        created_at: expect.any(String),
      });
      expect(body.message).toBe(
        messages.planChange.paymentRequired(body.data.payment.external_reference),
      );
      // This machine's address (no APP_URL in tests), never the request's Host (ADR 0028).
      expect(preference.notificationUrl).toMatch(
        /^http:\/\/localhost:\d+\/api\/webhooks\/mercadopago\?source_news=webhooks$/,
      );

      const again = await envelope(await subscribeAs(token, { planId: paidPlanId }));
      expect(again.data.payment.id).toBe(body.data.payment.id);
      expect(again.data.payment.init_point).toBe(body.data.payment.init_point);
      expect(
        sims.mercadoPago
          .preferences()
          .filter((p) => p.externalReference === preference.externalReference),
      ).toHaveLength(1);
      expect(invoiceCount(user.id)).toBe(1);
    });

    it("answers a paid plan by PIX with the pending invoice, no link and no PIX yet", async () => {
      const { token } = await customer();
      const before = sims.mercadoPago.preferences().length;
      const response = await subscribeAs(token, { planId: paidPlanId, paymentMethod: "pix" });
      expect(response.status).toBe(201);
      const body = await envelope(response);
      expect(body.data.subscription).toMatchObject({ status: "pending", payment_method: "pix" });
      expect(body.data.payment).toMatchObject({
        status: "pending",
        init_point: null,
        checkout_url: null,
        amount: 49.9,
      });
      expect(body.message).toBe(
        messages.planChange.paymentRequired(body.data.payment.external_reference),
      );
      expect(sims.mercadoPago.preferences()).toHaveLength(before);
    });
  });

  describe("POST /api/payments/paghiper/pix", () => {
    it("asks for the plan and answers its PIX (201); asked again, the same invoice and code", async () => {
      const { user, token } = await customer();
      const started = Date.now();
      const response = await newPix(token, { json: pixBody(paidPlanId) });
      expect(response.status).toBe(201);
      const body = await envelope(response);
      expect(body.message).toBe(m.pixCreated);
      const id = body.data.payment.id as number;
      expect(Object.keys(body.data).sort()).toEqual(
        [
          "amount",
          "expires_at",
          "payment",
          "payment_id",
          "pix_code",
          "pix_qr_code_base64",
          "status",
        ].sort(),
      );
      expect(body.data).toMatchObject({
        payment_id: id,
        amount: 49.9,
        status: "pending",
        payment: {
          id,
          status: "pending",
          gateway: "paghiper_pix",
          amount: 49.9,
          plan_id: paidPlanId,
          has_pix: true,
          init_point: null,
        },
      });
      expect(body.data.pix_code).toMatch(/^000201/);
      expect(body.data.pix_qr_code_base64).not.toMatch(/^data:/);
      expect(Buffer.from(body.data.pix_qr_code_base64, "base64").subarray(1, 4).toString()).toBe(
        "PNG",
      );
      const expiresIn = Date.parse(body.data.expires_at) - started;
      expect(expiresIn).toBeGreaterThan(29 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(31 * 60_000);
      const transaction = sims.pagHiper.transactions().find((t) => t.emv === body.data.pix_code)!;
      expect(body.data.payment.payment_id).toBe(transaction.transactionId);
      expect(transaction.payer.cpfCnpj).toBe("52998224725");
      expect(transaction.notificationUrl).toMatch(
        /^http:\/\/localhost:\d+\/api\/webhooks\/paghiper$/,
      );
      expect(
        db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).all(),
      ).toContainEqual(
        expect.objectContaining({ planId: paidPlanId, paymentMethod: "pix", status: "pending" }),
      );

      const again = await newPix(token, { json: pixBody(paidPlanId) });
      expect(again.status).toBe(201);
      const second = await envelope(again);
      expect(second.data.payment.id).toBe(id);
      expect(second.data.pix_code).toBe(body.data.pix_code);
      expect(invoiceCount(user.id)).toBe(1);
    });

    it("refuses an invalid CPF with the spec's message on payer_document, writing nothing", async () => {
      const { user, token } = await customer();
      for (const cpf of ["123.456.789-00", "111.111.111-11", "", "abc"]) {
        const response = await newPix(token, { json: pixBody(paidPlanId, cpf) });
        expect(response.status).toBe(400);
        const body = await envelope(response);
        expect(body.message).toBe("Informe um CPF válido");
        expect(body.errors).toEqual({ payer_document: ["Informe um CPF válido"] });
      }
      const missing = await newPix(token, { json: { plan_id: paidPlanId } });
      expect((await envelope(missing)).message).toBe("Informe um CPF válido");
      expect(invoiceCount(user.id)).toBe(0);
    });

    it("refuses a free plan, a missing one and a bad plan id, writing nothing", async () => {
      const { user, token } = await customer();
      const planBefore = currentPlan(user.id)?.planId;
      const free = await newPix(token, { json: pixBody(freePlanId) });
      expect(free.status).toBe(400);
      expect(await envelope(free)).toMatchObject({
        message: m.freePlanNoPix,
        errors: { plan_id: [m.freePlanNoPix] },
      });
      const missing = await newPix(token, { json: pixBody(987_654) });
      expect(missing.status).toBe(404);
      expect((await envelope(missing)).message).toBe("Plano não encontrado");
      for (const planId of [0, -1, "abc", null]) {
        const bad = await newPix(token, { json: pixBody(planId as number) });
        expect(bad.status).toBe(400);
        expect((await envelope(bad)).message).toBe("ID do plano inválido");
      }
      expect(invoiceCount(user.id)).toBe(0);
      expect(currentPlan(user.id)?.planId).toBe(planBefore);
    });

    it("answers malformed bodies with a 4xx in pt-BR, writing nothing", async () => {
      const { user, token } = await customer();
      const cases: [{ json?: unknown; body?: string; type?: string }, number, string][] = [
        [{ body: '{"plan_id": 1,', type: "application/json" }, 400, "Erro ao fazer parse do JSON"],
        [
          { body: JSON.stringify(pixBody(paidPlanId)), type: "text/plain" },
          415,
          messages.api.jsonRequired,
        ],
        [
          { body: "plan_id=1", type: "application/x-www-form-urlencoded" },
          415,
          messages.api.jsonRequired,
        ],
        [{ json: [pixBody(paidPlanId)] }, 400, "ID do plano inválido"],
        [{ json: null }, 400, "ID do plano inválido"],
        [{ json: "texto" }, 400, "ID do plano inválido"],
        [
          { json: { ...pixBody(paidPlanId), payer_document: ["52998224725"] } },
          400,
          "Informe um CPF válido",
        ],
      ];
      for (const [init, status, message] of cases) {
        const response = await newPix(token, init);
        expect(response.status, JSON.stringify(init)).toBe(status);
        expect((await envelope(response)).message).toBe(message);
      }
      expect(invoiceCount(user.id)).toBe(0);
    });

    it("is for customers: anonymous 401, an admin 403", async () => {
      expect((await newPix(undefined, { json: pixBody(paidPlanId) })).status).toBe(401);
      const admin = await customer("admin");
      expect((await newPix(admin.token, { json: pixBody(paidPlanId) })).status).toBe(403);
      expect(invoiceCount(admin.user.id)).toBe(0);
      const premium = await customer("premium_user");
      expect((await newPix(premium.token, { json: pixBody(otherPaidPlanId) })).status).toBe(201);
    });
  });

  describe("reading invoices", () => {
    let owner: { user: User; token: string };
    let stranger: { user: User; token: string };
    let admin: { user: User; token: string };
    let pixInvoiceId = 0;
    let manualInvoiceId = 0;

    beforeAll(async () => {
      owner = await customer();
      stranger = await customer();
      admin = await customer("admin");
      pixInvoiceId = (await envelope(await newPix(owner.token, { json: pixBody(paidPlanId) }))).data
        .payment.id;
      manualInvoiceId = createInvoiceFor(owner.user.id, {
        status: "pending",
        paidAt: null,
        planId: otherPaidPlanId,
        amountCents: 12990,
      }).id;
      createInvoiceFor(stranger.user.id);
    });

    it("GET /api/my/payments lists the caller's own invoices, newest first, in the spec's fields", async () => {
      const response = await call(myPaymentsRoute.loader, "/api/my/payments", {
        token: owner.token,
      });
      expect(response.status).toBe(200);
      const body = await envelope(response);
      expect(body.data.map((i: { id: number }) => i.id)).toEqual([manualInvoiceId, pixInvoiceId]);
      expect(Object.keys(body.data[1]).sort()).toEqual(
        [
          "amount",
          "created_at",
          "expires_at",
          "external_reference",
          "gateway",
          "has_pix",
          "id",
          "init_point",
          "paid_at",
          "payment_id",
          "payment_method",
          "plan_id",
          "plan_name",
          "sandbox_init_point",
          "status",
          "subscription_id",
          "updated_at",
        ].sort(),
      );
      expect(body.data[0]).toMatchObject({
        status: "pending",
        gateway: "manual",
        amount: 129.9,
        plan_name: "Frota Pagamentos",
      });
      expect(JSON.stringify(body.data)).not.toContain("pix_code");
      const anonymous = await call(myPaymentsRoute.loader, "/api/my/payments");
      expect(anonymous.status).toBe(401);
    });

    it("GET /api/payments/:id: the owner's view, the admin's view, a 404 for anyone else", async () => {
      const mine = await getPayment(pixInvoiceId, owner.token);
      expect(mine.status).toBe(200);
      const body = await envelope(mine);
      expect(body.data).toMatchObject({
        id: pixInvoiceId,
        status: "pending",
        gateway: "paghiper_pix",
        plan_name: "Profissional Pagamentos",
      });
      expect(body.data).not.toHaveProperty("user_email");

      const asAdmin = await envelope(await getPayment(pixInvoiceId, admin.token));
      expect(asAdmin.data).toMatchObject({
        id: pixInvoiceId,
        user_id: owner.user.id,
        user_name: owner.user.name,
        user_email: owner.user.email,
        plan_name: "Profissional Pagamentos",
        provider_status: "pending",
      });

      const theirs = await getPayment(pixInvoiceId, stranger.token);
      expect(theirs.status).toBe(404);
      expect(await envelope(theirs)).toEqual({
        success: false,
        data: null,
        message: "Fatura não encontrada",
      });
      for (const id of ["999999", "abc", "0", "-1"])
        expect((await getPayment(id, admin.token)).status).toBe(404);
      expect((await getPayment(pixInvoiceId)).status).toBe(401);
    });

    it("GET /api/payments/:id/pix: the PIX data to its owner and an admin; 404 otherwise", async () => {
      const mine = await getPix(pixInvoiceId, owner.token);
      expect(mine.status).toBe(200);
      const body = await envelope(mine);
      const row = invoiceRow(pixInvoiceId);
      expect(body.data).toEqual({
        payment_id: pixInvoiceId,
        pix_code: row.pixCode,
        pix_qr_code_base64: row.pixQr!.replace("data:image/png;base64,", ""),
        amount: 49.9,
        expires_at: row.expiresAt!.toISOString(),
        status: "pending",
      });
      expect((await envelope(await getPix(pixInvoiceId, admin.token))).data).toEqual(body.data);
      expect((await getPix(pixInvoiceId, stranger.token)).status).toBe(404);
      const noPix = await getPix(manualInvoiceId, owner.token);
      expect(noPix.status).toBe(404);
      expect((await envelope(noPix)).message).toBe(m.noPix);
      expect((await getPix(pixInvoiceId)).status).toBe(401);
    });

    it("GET /api/payments (admin): filters by status, text and São Paulo days, with pagination", async () => {
      const list = (query: string, token = admin.token) =>
        call(paymentsRoute.loader, `/api/payments${query}`, { token });
      const byEmail = await envelope(await list(`?q=${encodeURIComponent(owner.user.email)}`));
      expect(byEmail.data).toMatchObject({ total: 2, page: 1, pages: 1, per_page: 20 });
      expect(byEmail.data.items.map((i: { id: number }) => i.id)).toEqual([
        manualInvoiceId,
        pixInvoiceId,
      ]);
      expect(byEmail.data.items[1]).toMatchObject({
        user_name: owner.user.name,
        user_email: owner.user.email,
        plan_name: "Profissional Pagamentos",
      });
      const approved = await envelope(await list("?status=approved"));
      expect(approved.data.items.length).toBeGreaterThan(0);
      expect(approved.data.items.every((i: { status: string }) => i.status === "approved")).toBe(
        true,
      );
      const reference = invoiceRow(pixInvoiceId).externalReference;
      const byReference = await envelope(await list(`?q=${reference}`));
      expect(byReference.data.items.map((i: { id: number }) => i.id)).toEqual([pixInvoiceId]);
      const future = await envelope(await list("?date_from=2999-01-01"));
      expect(future.data).toMatchObject({ items: [], total: 0 });
      const past = await envelope(await list("?date_to=2000-01-01"));
      expect(past.data.total).toBe(0);
      // Filters that do not read are left out, as on the screen.
      const odd = await list("?status=bogus&date_from=ontem&page=-3");
      expect(odd.status).toBe(200);
      expect((await envelope(odd)).data.page).toBe(1);
      expect((await list("", owner.token)).status).toBe(403);
      expect((await call(paymentsRoute.loader, "/api/payments")).status).toBe(401);
    });
  });

  describe("PATCH /api/payments/:id", () => {
    it("is for admins: a customer gets 403 on their own invoice, and nothing changes", async () => {
      const { user, token } = await customer();
      const invoice = createInvoiceFor(user.id, { status: "pending", paidAt: null });
      const response = await patchPayment(invoice.id, token, { json: { status: "approved" } });
      expect(response.status).toBe(403);
      expect(invoiceRow(invoice.id).status).toBe("pending");
      expect(
        (await patchPayment(invoice.id, undefined, { json: { status: "approved" } })).status,
      ).toBe(401);
    });

    it("'Marcar pago' approves the invoice and starts its plan; asked again, nothing more", async () => {
      const { user, token } = await customer();
      const admin = await customer("admin");
      const subscribed = await envelope(
        await subscribeAs(token, { planId: paidPlanId, paymentMethod: "pix" }),
      );
      const id = subscribed.data.payment.id as number;
      const response = await patchPayment(id, admin.token, { json: { status: "approved" } });
      expect(response.status).toBe(200);
      const body = await envelope(response);
      expect(body.message).toBe(`Fatura ${subscribed.data.payment.external_reference}: aprovado`);
      expect(body.data).toMatchObject({
        id,
        status: "approved",
        user_id: user.id,
        paid_at: expect.any(String),
      });
      expect(currentPlan(user.id)?.planId).toBe(paidPlanId);
      const again = await patchPayment(id, admin.token, { json: { status: "approved" } });
      expect(again.status).toBe(200);
      expect(
        db()
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, user.id))
          .all()
          .filter((s) => s.status === "active"),
      ).toHaveLength(1);
      // An approved invoice goes on only to refunded.
      const back = await patchPayment(id, admin.token, { json: { status: "pending" } });
      expect(back.status).toBe(409);
      expect((await envelope(back)).message).toBe(m.cannotChange("approved", "pending"));
      expect(invoiceRow(id).status).toBe("approved");
    });

    it("answers malformed bodies and unknown statuses with a 4xx in pt-BR, changing nothing", async () => {
      const { user } = await customer();
      const admin = await customer("admin");
      const invoice = createInvoiceFor(user.id, { status: "pending", paidAt: null });
      const cases: [{ json?: unknown; body?: string; type?: string }, number, string][] = [
        [{ body: '{"status":', type: "application/json" }, 400, "Erro ao fazer parse do JSON"],
        [{ body: '{"status":"approved"}', type: "text/plain" }, 415, messages.api.jsonRequired],
        [
          { body: "status=approved", type: "application/x-www-form-urlencoded" },
          415,
          messages.api.jsonRequired,
        ],
        [{ json: [{ status: "approved" }] }, 400, m.invalidStatus],
        [{ json: null }, 400, m.invalidStatus],
        [{ json: {} }, 400, m.invalidStatus],
        [{ json: { status: "paid" } }, 400, m.invalidStatus],
        [{ json: { status: ["approved"] } }, 400, m.invalidStatus],
      ];
      for (const [init, status, message] of cases) {
        const response = await patchPayment(invoice.id, admin.token, init);
        expect(response.status, JSON.stringify(init)).toBe(status);
        const body = await envelope(response);
        expect(body.message).toBe(message);
        expect(body.data).toBeNull();
      }
      expect(invoiceRow(invoice.id)).toEqual(invoice);
      const missing = await patchPayment(999_999, admin.token, { json: { status: "approved" } });
      expect(missing.status).toBe(404);
      expect((await envelope(missing)).message).toBe("Fatura não encontrada");
    });
  });

  describe("POST /api/payments/:id/sync", () => {
    it("learns a paid PIX from PagHiper for its owner: data.status approved, the plan started", async () => {
      const { user, token } = await customer();
      const stranger = await customer();
      const created = await envelope(await newPix(token, { json: pixBody(paidPlanId) }));
      const id = created.data.payment.id as number;
      const pending = await sync(id, token);
      expect(pending.status).toBe(200);
      expect(await envelope(pending)).toEqual({
        success: true,
        data: { status: "pending" },
        message: "Situação sincronizada: Pendente",
      });
      await sims.pagHiper.pay(created.data.payment.payment_id);
      expect((await sync(id, stranger.token)).status).toBe(404);
      expect(invoiceRow(id).status).toBe("pending");
      const paid = await sync(id, token);
      expect(await envelope(paid)).toEqual({
        success: true,
        data: { status: "approved" },
        message: "Situação sincronizada: Aprovado",
      });
      expect(currentPlan(user.id)?.planId).toBe(paidPlanId);
    });

    it("learns a card payment from Mercado Pago for an admin", async () => {
      const { user, token } = await customer();
      const admin = await customer("admin");
      const subscribed = await envelope(await subscribeAs(token, { planId: otherPaidPlanId }));
      const id = subscribed.data.payment.id as number;
      const preference = sims.mercadoPago
        .preferences()
        .find((p) => p.externalReference === subscribed.data.payment.external_reference)!;
      await sims.mercadoPago.pay(preference.id, "approved");
      const response = await sync(id, admin.token);
      expect(await envelope(response)).toMatchObject({
        success: true,
        data: { status: "approved" },
      });
      expect(invoiceRow(id).providerPaymentId).toBe(sims.mercadoPago.payments().at(-1)!.id);
      expect(currentPlan(user.id)?.planId).toBe(otherPaidPlanId);
    });

    it("answers an invoice with no provider as it is; anonymous 401, a missing invoice 404", async () => {
      const { user, token } = await customer();
      const invoice = createInvoiceFor(user.id, { status: "pending", paidAt: null });
      expect(await envelope(await sync(invoice.id, token))).toMatchObject({
        data: { status: "pending" },
      });
      expect((await sync(invoice.id)).status).toBe(401);
      expect((await sync(999_999, token)).status).toBe(404);
    });
  });
});
