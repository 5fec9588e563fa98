import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payments, subscriptions, users } from "~db/schema";
import * as messages from "~/messages";
import { applyPaymentStatus } from "~/models/payments/payment.server";
import { subscribe } from "~/models/accounts/subscription.server";
import type { User } from "~/models/accounts/user.server";
import * as markPaid from "~/routes/payments/_app.admin-invoices.$id.mark-paid";
import * as list from "~/routes/payments/_app.admin-invoices";
import { db } from "~/utils/db.server";
import {
  accepted,
  createInvoiceFor,
  createPlan,
  createUser,
  FORM,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { productionHandler } from "../support/route-manifest";

const m = messages.invoicesAdmin;

// --- Calling the routes -------------------------------------------------------------------------

const web = (user: User) => sessionHeaders(user, "web");

type ListData = Awaited<ReturnType<typeof list.loader>>;
type Row = ListData["invoices"][number];

async function listAs(user: User, search: string) {
  const response = await invoke(list.loader, `/admin-invoices${search}`, {
    headers: await web(user),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { invoices: Row[]; page: ListData["page"] };
}
const idsOf = (data: { invoices: Row[] }) => data.invoices.map((row) => row.id);

// --- The pages as the server renders them (only this area's routes) ---------------------------

const OWN_ROUTES = new Set([
  "routes/_app",
  "routes/_app.admin-invoices",
  "routes/_app.admin-invoices.$id.mark-paid",
]);
const handle = await productionHandler({ routes: OWN_ROUTES });

async function html(user: User, path: string) {
  const response = await handle(
    new Request(`http://localhost${path}`, {
      headers: { Host: "localhost", ...(await web(user)) },
    }),
  );
  return { status: response.status, text: await response.text() };
}

// --- Data ---------------------------------------------------------------------------------------

let admin: User;
let ana: User;
let bruno: User;
const invoice: Record<"a" | "b" | "c" | "d" | "e", number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
const at = (local: string) => new Date(`${local}-03:00`);
const CHECKOUT = "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc";

beforeAll(async () => {
  admin = (await createUser({ role: "admin", name: "Admin Faturas" })).user;
  ana = (await createUser({ name: "Ana Lima", email: "ana.faturas@teste.dev" })).user;
  bruno = (await createUser({ name: "Bruno Reis", email: "bruno.faturas@teste.dev" })).user;
  const plan = createPlan({ name: "Profissional Faturas", priceCents: 4990 });
  const base = { planId: plan.id, amountCents: 4990 };
  invoice.a = createInvoiceFor(ana.id, {
    ...base,
    status: "pending",
    paidAt: null,
    gateway: "mercadopago",
    initPoint: CHECKOUT,
    checkoutId: "123-abc",
    externalReference: "ENC-FILTRO-ANA1",
    createdAt: at("2025-03-10T12:00:00"),
  }).id;
  // Paid through a Mercado Pago checkout: its link is no use any more (ADR 0055).
  invoice.b = createInvoiceFor(ana.id, {
    ...base,
    gateway: "mercadopago",
    initPoint: CHECKOUT,
    checkoutId: "123-abd",
    externalReference: "ENC-FILTRO-ANA2",
    createdAt: at("2025-03-15T00:00:00"),
  }).id;
  invoice.c = createInvoiceFor(bruno.id, {
    ...base,
    status: "refunded",
    providerPaymentId: "MP-777001",
    externalReference: "ENC-FILTRO-BRU1",
    createdAt: at("2025-03-20T09:30:00"),
  }).id;
  // The last minutes of 31 March in São Paulo are already 1 April in UTC.
  invoice.d = createInvoiceFor(bruno.id, {
    ...base,
    status: "expired",
    paidAt: null,
    gateway: "paghiper_pix",
    externalReference: "ENC-FILTRO-BRU2",
    createdAt: at("2025-03-31T23:30:00"),
  }).id;
  invoice.e = createInvoiceFor(bruno.id, {
    ...base,
    status: "pending",
    paidAt: null,
    planId: null,
    externalReference: "ENC-FILTRO-BRU3",
    createdAt: at("2025-04-01T00:10:00"),
  }).id;
});

describe("the admin invoice list", () => {
  it("declares that only admins may open it", () => {
    expect(list.access).toEqual(["admin"]);
    expect(markPaid.access).toEqual(["admin"]);
  });

  it("sends a customer to /home, for the list and its actions", async () => {
    const read = await invoke(list.loader, "/admin-invoices", { headers: await web(ana) });
    expect(read.status).toBe(302);
    expect(read.headers.get("Location")).toBe("/home");
    const sync = await invoke(list.action, "/admin-invoices", {
      method: "POST",
      body: `intent=sync&id=${invoice.a}`,
      headers: await postHeaders(ana),
    });
    expect(sync.headers.get("Location")).toBe("/home");
    const mark = await invoke(markPaid.action, `/admin-invoices/${invoice.a}/mark-paid`, {
      method: "POST",
      params: { id: String(invoice.a) },
      body: "",
      headers: await postHeaders(ana),
    });
    expect(mark.headers.get("Location")).toBe("/home");
    const [row] = db().select().from(payments).where(eq(payments.id, invoice.a)).all();
    expect(row?.status).toBe("pending");
  });

  it("lists every invoice, newest first, with user, plan and fallbacks", async () => {
    const data = await listAs(admin, "");
    expect(idsOf(data)).toEqual([invoice.e, invoice.d, invoice.c, invoice.b, invoice.a]);
    const e = data.invoices[0]!;
    expect(e).toMatchObject({
      userName: "Bruno Reis",
      userEmail: "bruno.faturas@teste.dev",
      planName: null,
      externalReference: "ENC-FILTRO-BRU3",
      providerPaymentId: null,
      link: null,
    });
    expect(data.invoices.find((row) => row.id === invoice.a)?.link).toBe(CHECKOUT);
    expect(data.invoices.find((row) => row.id === invoice.b)?.link).toBeNull();
    // Only what the table shows: no PIX payloads or provider bookkeeping in the page's data.
    expect(Object.keys(e)).not.toContain("pixQr");
  });

  it("filters by status", async () => {
    expect(idsOf(await listAs(admin, "?status=pending"))).toEqual([invoice.e, invoice.a]);
    expect(idsOf(await listAs(admin, "?status=refunded"))).toEqual([invoice.c]);
    expect(idsOf(await listAs(admin, "?status=rejected"))).toEqual([]);
  });

  it("filters by São Paulo calendar days, both ends included", async () => {
    expect(idsOf(await listAs(admin, "?dateFrom=2025-03-15&dateTo=2025-03-31"))).toEqual([
      invoice.d,
      invoice.c,
      invoice.b,
    ]);
    expect(idsOf(await listAs(admin, "?dateFrom=2025-04-01"))).toEqual([invoice.e]);
    expect(idsOf(await listAs(admin, "?dateTo=2025-03-10"))).toEqual([invoice.a]);
  });

  it("finds by the user's e-mail or name, the reference and the provider's id", async () => {
    expect(idsOf(await listAs(admin, "?q=bruno.faturas%40teste.dev"))).toEqual([
      invoice.e,
      invoice.d,
      invoice.c,
    ]);
    expect(idsOf(await listAs(admin, "?q=Ana+Lima"))).toEqual([invoice.b, invoice.a]);
    expect(idsOf(await listAs(admin, "?q=ENC-FILTRO-ANA1"))).toEqual([invoice.a]);
    expect(idsOf(await listAs(admin, "?q=filtro-bru"))).toEqual([invoice.e, invoice.d, invoice.c]);
    expect(idsOf(await listAs(admin, "?q=MP-777001"))).toEqual([invoice.c]);
    expect(idsOf(await listAs(admin, "?q=nobody%25"))).toEqual([]);
  });

  it("combines the filters, and ignores malformed ones", async () => {
    expect(
      idsOf(await listAs(admin, "?q=bruno&status=pending&dateFrom=2025-03-01&dateTo=2025-04-30")),
    ).toEqual([invoice.e]);
    expect(idsOf(await listAs(admin, "?status=bogus&dateFrom=31%2F03%2F2025&page=-4"))).toEqual([
      invoice.e,
      invoice.d,
      invoice.c,
      invoice.b,
      invoice.a,
    ]);
  });

  it("renders the rows: link, fallbacks, each action only where it can work", async () => {
    const page = await html(admin, "/admin-invoices?q=ENC-FILTRO");
    expect(page.status).toBe(200);
    const rows = page.text.split('data-testid="invoice-row"').slice(1);
    expect(rows).toHaveLength(5);
    const rowOf = (id: number) => rows.find((row) => row.includes(`>#<!-- -->${id}<`))!;
    // The payment link of the pending invoice, to open without JavaScript; none once it is paid.
    expect(rowOf(invoice.a)).toContain(`href="${CHECKOUT.replace("&", "&amp;")}"`);
    expect(rowOf(invoice.b)).not.toContain("invoice-link");
    expect(rowOf(invoice.b)).not.toContain("mercadopago.com.br");
    expect(rowOf(invoice.e)).toContain(m.planFallback(null));
    // Approved and refunded invoices offer no "Marcar pago"; the others do, keeping the filters.
    expect(rowOf(invoice.b)).not.toContain("/mark-paid");
    expect(rowOf(invoice.c)).not.toContain("/mark-paid");
    expect(rowOf(invoice.a)).toContain(
      `href="/admin-invoices/${invoice.a}/mark-paid?q=ENC-FILTRO"`,
    );
    // "Sincronizar" where a provider knows the invoice and may still change it: the pending
    // checkout and the paid one (a refund); not the manual, refunded or never-sent ones.
    const syncs = (id: number) => rowOf(id).includes(`name="id" value="${id}"`);
    expect([invoice.a, invoice.b, invoice.c, invoice.d, invoice.e].map(syncs)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("says when nothing matches", async () => {
    const page = await html(admin, "/admin-invoices?q=inexistente-xyz");
    expect(page.text).toContain(m.empty);
    expect(page.text).not.toContain('data-testid="invoice-row"');
  });

  it("pages through the list keeping the filters", async () => {
    const many = (await createUser({ name: "Carla Muitas", email: "carla.muitas@teste.dev" })).user;
    for (let i = 0; i < 21; i++)
      createInvoiceFor(many.id, { status: "pending", paidAt: null, amountCents: 1000 + i });
    const first = await listAs(admin, "?q=carla.muitas&status=pending");
    expect(first.page).toEqual({ page: 1, pages: 2, total: 21 });
    const second = await listAs(admin, "?q=carla.muitas&status=pending&page=2");
    expect(second.invoices).toHaveLength(1);
    const page = await html(admin, "/admin-invoices?q=carla.muitas&status=pending");
    expect(page.text).toContain(
      'href="/admin-invoices?q=carla.muitas&amp;status=pending&amp;page=2"',
    );
  });
});

describe("Sincronizar", () => {
  it("answers with a toast and back to the list as it was filtered", async () => {
    const response = await invoke(list.action, "/admin-invoices?status=pending&q=ana", {
      method: "POST",
      body: `intent=sync&id=${invoice.a}`,
      headers: await postHeaders(admin),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin-invoices?status=pending&q=ana");
    expect(await toastOf(response)).toBeTruthy();
  });

  it("a manual invoice has no provider to ask: its status stays, and the toast says it", async () => {
    const response = await invoke(list.action, "/admin-invoices", {
      method: "POST",
      body: `intent=sync&id=${invoice.c}`,
      headers: await postHeaders(admin),
    });
    expect(await toastOf(response)).toEqual({
      type: "info",
      message: m.synced(
        db().select().from(payments).where(eq(payments.id, invoice.c)).get()!.externalReference,
        messages.payments.statuses.refunded!,
      ),
    });
  });

  it("an invoice that does not exist: an error toast", async () => {
    const response = await invoke(list.action, "/admin-invoices", {
      method: "POST",
      body: "intent=sync&id=999999",
      headers: await postHeaders(admin),
    });
    expect(await toastOf(response)).toEqual({
      type: "error",
      message: messages.payments.invoiceNotFound,
    });
  });

  it.each([
    ["an unknown intent", "intent=delete&id=1", FORM, 400],
    ["no id", "intent=sync", FORM, 400],
    ["an id that is not one", "intent=sync&id=1%20OR%201", FORM, 400],
    ["JSON", JSON.stringify({ intent: "sync", id: 1 }), "application/json", 415],
    ["text", "intent=sync&id=1", "text/plain", 415],
  ])("%s: %s", async (_, body, type, status) => {
    const response = await invoke(list.action, "/admin-invoices", {
      method: "POST",
      body,
      headers: await postHeaders(admin, type),
    });
    expect(response.status).toBe(status);
  });

  it("a post from another site: 403, nothing asked", async () => {
    const response = await invoke(list.action, "/admin-invoices", {
      method: "POST",
      body: `intent=sync&id=${invoice.a}`,
      headers: { ...(await postHeaders(admin)), Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("Marcar pago", () => {
  async function pendingPlanInvoice() {
    const customer = (await createUser({ name: "Dora Paga" })).user;
    const plan = createPlan({ name: `Premium Marcar ${customer.id}`, priceCents: 7990 });
    const result = accepted(
      subscribe({ userId: customer.id, planId: plan.id, paymentMethod: "pix" }),
    );
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    return { customer, plan, payment: result.payment, subscription: result.subscription };
  }
  const post = async (id: number, search = "", user = admin, type = FORM, body = "") =>
    invoke(markPaid.action, `/admin-invoices/${id}/mark-paid${search}`, {
      method: "POST",
      params: { id: String(id) },
      body,
      headers: await postHeaders(user, type),
    });

  it("asks first, naming the invoice and what it does", async () => {
    const { payment } = await pendingPlanInvoice();
    const page = await html(admin, `/admin-invoices/${payment.id}/mark-paid?status=pending`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(m.markPaidTitle(payment.externalReference));
    expect(page.text).toContain("O plano do cliente começa agora");
    expect(page.text).toContain(m.markPaidConfirm);
    // Back to the list as it was filtered.
    expect(page.text).toContain('href="/admin-invoices?status=pending"');
  });

  it("a cancelled invoice says up front that it cannot be marked paid, and confirming changes nothing", async () => {
    const { payment } = await pendingPlanInvoice();
    db().update(payments).set({ status: "cancelled" }).where(eq(payments.id, payment.id)).run();
    const page = await html(admin, `/admin-invoices/${payment.id}/mark-paid`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(messages.payments.cancelledNotPayable);
    expect(page.text).not.toContain(m.markPaidConfirm);
    const confirmed = await post(payment.id);
    expect(confirmed.status).toBeGreaterThanOrEqual(400);
    expect(db().select().from(payments).where(eq(payments.id, payment.id)).get()!.status).toBe(
      "cancelled",
    );
  });

  it("approves once: the plan starts, the customer becomes premium; a second time is refused", async () => {
    const { customer, payment, subscription } = await pendingPlanInvoice();
    const first = await post(payment.id, "?status=pending");
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin-invoices?status=pending");
    expect(await toastOf(first)).toEqual({
      type: "success",
      message: m.markedPaid(payment.externalReference),
    });

    const paid = db().select().from(payments).where(eq(payments.id, payment.id)).get()!;
    expect(paid.status).toBe("approved");
    expect(paid.paidAt).toBeInstanceOf(Date);
    const sub = db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
      .get()!;
    expect(sub.status).toBe("active");
    const role = db()
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, customer.id))
      .get();
    expect(role?.role).toBe("premium_user");

    const again = await post(payment.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: m.alreadyPaid });
    expect(db().select().from(payments).where(eq(payments.id, payment.id)).get()?.paidAt).toEqual(
      paid.paidAt,
    );
    // The dialog says so without offering the button.
    const page = await html(admin, `/admin-invoices/${payment.id}/mark-paid`);
    expect(page.text).toContain(m.alreadyPaid);
    expect(page.text).not.toContain(m.markPaidConfirm);
  });

  it("a refunded invoice is final: refused in the dialog", async () => {
    const response = await post(invoice.c);
    expect(response.status).toBe(409);
    expect((await response.json()) as { error: string }).toHaveProperty("error");
    expect(db().select().from(payments).where(eq(payments.id, invoice.c)).get()?.status).toBe(
      "refunded",
    );
  });

  it("an expired invoice may still be forced to approved", async () => {
    const response = await post(invoice.d);
    expect(response.status).toBe(302);
    expect(db().select().from(payments).where(eq(payments.id, invoice.d)).get()?.status).toBe(
      "approved",
    );
  });

  it("unknown or malformed ids are 404; garbage bodies and other sites change nothing", async () => {
    expect((await post(999999)).status).toBe(404);
    const bad = await invoke(markPaid.action, "/admin-invoices/abc/mark-paid", {
      method: "POST",
      params: { id: "abc" },
      body: "",
      headers: await postHeaders(admin),
    });
    expect(bad.status).toBe(404);
    const { payment } = await pendingPlanInvoice();
    expect((await post(payment.id, "", admin, "application/json", "{}")).status).toBe(415);
    const cut = await post(
      payment.id,
      "",
      admin,
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nmark',
    );
    expect(cut.status).toBe(400);
    const foreign = await invoke(markPaid.action, `/admin-invoices/${payment.id}/mark-paid`, {
      method: "POST",
      params: { id: String(payment.id) },
      body: "",
      headers: { ...(await postHeaders(admin)), Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(db().select().from(payments).where(eq(payments.id, payment.id)).get()?.status).toBe(
      "pending",
    );
  });
});

describe("a payment that does not match its invoice (issue #24, ADR 0028)", () => {
  it("is shown on the list and in 'Marcar pago', in pt-BR, with the invoice still pending", async () => {
    const customer = (await createUser({ name: "Eva Divergente" })).user;
    const plan = createPlan({ name: "Enterprise Divergente", priceCents: 19990 });
    const result = accepted(
      subscribe({ userId: customer.id, planId: plan.id, paymentMethod: "credit_card" }),
    );
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    const id = result.payment.id;
    accepted(
      applyPaymentStatus(id, {
        status: "approved",
        source: "webhook",
        providerPaymentId: "MP-1",
        paid: { amountCents: 1, currency: "BRL", label: "Mercado Pago, pagamento MP-1" },
      }),
    );
    const notice = /Pagamento divergente: recebido R\$\s0,01, esperado R\$\s199,90/;

    const data = await listAs(admin, `?q=${result.payment.externalReference}`);
    const listed = data.invoices.find((row) => row.id === id)!;
    expect(listed.status).toBe("pending");
    expect(listed.discrepancy).toMatch(notice);
    expect(listed.discrepancy).toContain("Mercado Pago, pagamento MP-1");
    // Invoices without one carry none.
    expect((await listAs(admin, "?q=ENC-FILTRO")).invoices.every((r) => !r.discrepancy)).toBe(true);

    const page = await html(admin, `/admin-invoices?q=${result.payment.externalReference}`);
    expect(page.text).toContain('data-testid="invoice-discrepancy"');
    expect(page.text).toMatch(notice);

    const dialog = await html(admin, `/admin-invoices/${id}/mark-paid`);
    expect(dialog.text).toMatch(notice);
  });
});
