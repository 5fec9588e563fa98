import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gatewayConfigs, payments, subscriptions } from "~db/schema";
import { currentPlan } from "~/models/accounts/credits.server";
import { configureSimulatorGateways } from "~/models/payments/gateway-config.server";
import {
  PENDING_SYNC_INTERVAL_MS,
  saveBankTransferDetails,
  syncPendingInvoicesOf,
} from "~/models/payments/index.server";
import type { User } from "~/models/accounts/user.server";
import * as invoicesList from "~/routes/payments/_app.invoices";
import * as payDialog from "~/routes/payments/_app.invoices.$id.pagar";
import * as pixDialog from "~/routes/payments/_app.invoices.$id.pix";
import * as planChange from "~/routes/accounts/_app.settings.plano.$planId";
import { takeToast } from "~/server/toast.server";
import { isValidBrCode } from "~/utils/brcode";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  createFreePlan,
  createInvoiceFor,
  createPlan,
  createUser,
  sessionHeaders,
} from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF as CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";
import { productionHandler } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * The customer's invoices: "Minhas Faturas", the payment-method dialog, the PIX dialog and the
 * plan change that leads to them, through their loaders and actions with real requests and
 * sessions, against the Mercado Pago and PagHiper simulators running as their own servers.
 */

const BANK_DETAILS = {
  bank: "Banco Teste (999)",
  agency: "1234",
  account: "98765-0",
  holder: "Encaixa Ltda",
  cnpj: "11222333000181",
  pixKey: "",
};

const OWN_ORIGIN = { Origin: "http://localhost" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Provider notifications are kept, not delivered: the screens must find out by asking. */
const keep: typeof fetch = async () => new Response("{}", { status: 200 });

let sims: PaymentSimulators;
let mpBaseUrl: string;

beforeAll(async () => {
  sims = await startPaymentSimulators({ label: "screens", fetch: keep });
  mpBaseUrl = process.env.MERCADOPAGO_BASE_URL!;
  createFreePlan();
});

afterAll(async () => {
  await sims.stop();
});

beforeEach(() => {
  db().delete(gatewayConfigs).run();
  configureSimulatorGateways(sims.credentials);
});

const cookieOf = async (user: User) => (await sessionHeaders(user, "web")).Cookie!;
const row = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;

/** A customer who asked for a paid plan by `method`: the plan, and the pending invoice. */
async function customerWithInvoice(priceCents = 4990) {
  const plan = createPlan({ priceCents, creditsPerMonth: 3000 });
  const { user } = await createUser();
  const invoice = createInvoiceFor(user.id, {
    planId: plan.id,
    status: "pending",
    paidAt: null,
    amountCents: priceCents,
    subscriptionId: db()
      .insert(subscriptions)
      .values({ userId: user.id, planId: plan.id, status: "pending", paymentMethod: "pix" })
      .returning()
      .get().id,
  });
  return { user, plan, invoice, cookie: await cookieOf(user) };
}

type Route = { loader: (args: never) => unknown; action?: (args: never) => unknown };
type Handler = Parameters<typeof call>[0];

/** Remix answers `data(value, init)` with `value` as the body and `init`'s status: so does this. */
const asRemix =
  (handler: unknown): Handler =>
  async (args) => {
    const result = await (handler as Handler)(args);
    if (result && typeof result === "object" && "type" in result) {
      const wrapped = result as { type: string; data: unknown; init: ResponseInit | null };
      if (wrapped.type === "DataWithResponseInit")
        return Response.json(wrapped.data, wrapped.init ?? undefined);
    }
    return result;
  };

const get = (route: Route, path: string, cookie: string, params: Record<string, string> = {}) =>
  call(asRemix(route.loader), path, { cookie, params });

const post = (
  route: Route,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  headers: Record<string, string> = { ...FORM, ...OWN_ORIGIN },
) =>
  call(asRemix(route.action), path, {
    method: "POST",
    cookie,
    params,
    body: new URLSearchParams(fields).toString(),
    headers,
  });

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) return null;
  const { toast } = await takeToast(
    new Request("http://localhost/", { headers: { Cookie: cookie } }),
  );
  return toast;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read as the page reads it
const json = async (response: Response): Promise<any> => {
  expect(response.status).toBe(200);
  return response.json();
};

describe("GET /invoices", () => {
  it("shows a customer their own invoices only, newest first", async () => {
    const { user, invoice, cookie } = await customerWithInvoice();
    const paid = createInvoiceFor(user.id, { amountCents: 12345 });
    const stranger = await customerWithInvoice();
    const page = await json(await get(invoicesList, "/invoices", cookie));
    expect(page.invoices.map((i: { id: number }) => i.id)).toEqual([paid.id, invoice.id]);
    expect(page.invoices.map((i: { id: number }) => i.id)).not.toContain(stranger.invoice.id);
    expect(page.hasPending).toBe(true);
    expect(page.notice).toBeNull();
  });

  it("has nothing to list for a new customer", async () => {
    const { user } = await createUser();
    const page = await json(await get(invoicesList, "/invoices", await cookieOf(user)));
    expect(page).toMatchObject({ invoices: [], hasPending: false });
  });

  it("sends an admin to the admin's invoices and a visitor to the login", async () => {
    const { user: admin } = await createUser({ role: "admin" });
    const asAdmin = await get(invoicesList, "/invoices", await cookieOf(admin));
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get("Location")).toBe("/admin-invoices");
    const anonymous = await call(invoicesList.loader, "/invoices");
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("ignores a checkout return that names another customer's invoice", async () => {
    const { cookie } = await customerWithInvoice();
    const stranger = await customerWithInvoice();
    const page = await json(
      await get(invoicesList, `/invoices?payment=success&invoice=${stranger.invoice.id}`, cookie),
    );
    expect(page.notice).toBeNull();
  });
});

describe("another customer's invoice", () => {
  it("is not found in every dialog, read or posted, nor is a malformed id", async () => {
    const owner = await customerWithInvoice();
    const { cookie } = await customerWithInvoice();
    const id = String(owner.invoice.id);
    const before = JSON.stringify(row(owner.invoice.id));
    const answers = [
      await get(payDialog, `/invoices/${id}/pagar`, cookie, { id }),
      await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }),
      await post(payDialog, `/invoices/${id}/pagar`, cookie, { intent: "checkout" }, { id }),
      await post(
        pixDialog,
        `/invoices/${id}/pix`,
        cookie,
        { intent: "generate", cpf: CPF },
        { id },
      ),
      await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "sync" }, { id }),
      await get(pixDialog, "/invoices/abc/pix", cookie, { id: "abc" }),
      await get(payDialog, "/invoices/0/pagar", cookie, { id: "0" }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(messages.payments.invoiceNotFound);
    }
    expect(JSON.stringify(row(owner.invoice.id))).toBe(before);
  });
});

describe("the payment-method dialog", () => {
  it("offers Mercado Pago and PIX for a pending invoice", async () => {
    const { invoice, cookie, plan } = await customerWithInvoice(4990);
    const id = String(invoice.id);
    const page = await json(await get(payDialog, `/invoices/${id}/pagar`, cookie, { id }));
    expect(page.invoice).toMatchObject({
      id: invoice.id,
      status: "pending",
      amountCents: 4990,
      planName: plan.name,
    });
  });

  it("sends the card choice to the simulator's checkout", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    const answer = await post(
      payDialog,
      `/invoices/${id}/pagar`,
      cookie,
      { intent: "checkout" },
      { id },
    );
    expect(answer.status).toBe(302);
    const location = answer.headers.get("Location")!;
    expect(new URL(location).origin).toBe(new URL(mpBaseUrl).origin);
    expect(row(invoice.id)).toMatchObject({ gateway: "mercadopago", status: "pending" });
    expect(row(invoice.id).checkoutId).toBeTruthy();
  });

  it("says so in the dialog when Mercado Pago is not configured", async () => {
    db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "mercadopago")).run();
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    const answer = await post(
      payDialog,
      `/invoices/${id}/pagar`,
      cookie,
      { intent: "checkout" },
      { id },
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: messages.payments.mercadoPagoUnavailable });
  });

  it("refuses an invoice that is not pending", async () => {
    const { user, cookie } = await customerWithInvoice();
    const paid = createInvoiceFor(user.id);
    const id = String(paid.id);
    const answer = await post(
      payDialog,
      `/invoices/${id}/pagar`,
      cookie,
      { intent: "checkout" },
      { id },
    );
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: messages.payments.notPayable });
  });
});

describe("after Mercado Pago sends the buyer back", () => {
  it("asks the provider instead of trusting the query, then tells what it said", async () => {
    const { user, plan, invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    await post(payDialog, `/invoices/${id}/pagar`, cookie, { intent: "checkout" }, { id });
    // Back with "success" before any payment: the provider says nothing was paid.
    let page = await json(
      await get(invoicesList, `/invoices?payment=success&invoice=${id}`, cookie),
    );
    expect(page.notice).toEqual({
      tone: "info",
      text: messages.invoices.returnPending(invoice.externalReference),
    });
    expect(row(invoice.id).status).toBe("pending");

    await sims.mercadoPago.pay(row(invoice.id).checkoutId!, "approved");
    page = await json(await get(invoicesList, `/invoices?payment=success&invoice=${id}`, cookie));
    expect(page.notice).toEqual({
      tone: "success",
      text: messages.invoices.returnApproved(invoice.externalReference),
    });
    expect(row(invoice.id).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
  });

  it("shows the failure without asking anything", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const page = await json(
      await get(invoicesList, `/invoices?payment=failure&invoice=${invoice.id}`, cookie),
    );
    expect(page.notice).toEqual({
      tone: "error",
      text: messages.invoices.returnFailure(invoice.externalReference),
    });
  });
});

describe("the list's own reading", () => {
  it("asks the provider about pending invoices, as the 10 s polling does, at most once per interval", async () => {
    const { user, plan, invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    await post(payDialog, `/invoices/${id}/pagar`, cookie, { intent: "checkout" }, { id });
    await sims.mercadoPago.pay(row(invoice.id).checkoutId!, "approved");
    // Paid at the provider, no webhook delivered: the list's next read finds out by itself.
    const page = await json(await get(invoicesList, "/invoices", cookie));
    expect(page.invoices.find((i: { id: number }) => i.id === invoice.id).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);
    expect(page.hasPending).toBe(false);
  });

  it("does not ask again about the same invoice within the interval", async () => {
    const { invoice, cookie, user } = await customerWithInvoice();
    const id = String(invoice.id);
    await post(payDialog, `/invoices/${id}/pagar`, cookie, { intent: "checkout" }, { id });
    expect(await syncPendingInvoicesOf(user)).toBe(1);
    expect(await syncPendingInvoicesOf(user)).toBe(0);
    expect(await syncPendingInvoicesOf(user, new Date(Date.now() + PENDING_SYNC_INTERVAL_MS))).toBe(
      1,
    );
  });
});

describe("the PIX dialog", () => {
  it("asks for a CPF first, and refuses an invalid one in pt-BR, keeping what was typed", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    const page = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(page).toMatchObject({ state: "form", expired: false, charge: null });
    const transactions = sims.pagHiper.transactions().length;
    const answer = await post(
      pixDialog,
      `/invoices/${id}/pix`,
      cookie,
      { intent: "generate", cpf: "123.456.789-00" },
      { id },
    );
    expect(answer.status).toBe(400);
    const reply = await answer.json();
    expect(reply.error).toEqual({ cpf: [messages.payments.invalidCpf] });
    expect(reply.initialValue).toMatchObject({ cpf: "123.456.789-00" });
    expect(sims.pagHiper.transactions().length).toBe(transactions);
    expect(row(invoice.id).pixCode).toBeNull();
  });

  it("shows a valid PIX from PagHiper; approved there and verified here, the plan starts", async () => {
    const { user, plan, invoice, cookie } = await customerWithInvoice(12345);
    const id = String(invoice.id);
    const generated = await post(
      pixDialog,
      `/invoices/${id}/pix`,
      cookie,
      { intent: "generate", cpf: CPF },
      { id },
    );
    expect(generated.status).toBe(302);
    expect(generated.headers.get("Location")).toBe(`/invoices/${id}/pix`);

    const page = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(page.state).toBe("live");
    expect(isValidBrCode(page.charge.pixCode)).toBe(true);
    expect(page.charge.pixQrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(page.charge.amountCents).toBe(12345);
    expect(page.charge.expiresAtMs).toBeGreaterThan(Date.now());
    expect(page.charge.expiresAtText).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);

    // Nothing paid yet: "Verificar pagamento" comes back to the dialog saying so.
    const early = await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "sync" }, { id });
    expect(early.headers.get("Location")).toBe(`/invoices/${id}/pix`);
    expect(await toastOf(early)).toEqual({ type: "info", message: messages.invoices.stillPending });

    const transaction = sims.pagHiper.transactions().find((t) => t.emv === page.charge.pixCode)!;
    await sims.pagHiper.pay(transaction.transactionId);
    expect(row(invoice.id).status).toBe("pending");

    const verified = await post(
      pixDialog,
      `/invoices/${id}/pix`,
      cookie,
      { intent: "sync" },
      { id },
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe(`/invoices/${id}/pix`);
    expect(row(invoice.id).status).toBe("approved");
    expect(currentPlan(user.id)?.planId).toBe(plan.id);

    const approved = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(approved.state).toBe("approved");
    const done = await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "done" }, { id });
    expect(done.headers.get("Location")).toBe("/invoices");
    expect(await toastOf(done)).toEqual({
      type: "success",
      message: messages.invoices.approvedToast(invoice.externalReference),
    });
  });

  it("learns of the payment on its own reading, as the 4 s polling does", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "generate", cpf: CPF }, { id });
    const code = row(invoice.id).pixCode!;
    await sims.pagHiper.pay(
      sims.pagHiper.transactions().find((t) => t.emv === code)!.transactionId,
    );
    const page = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(page.state).toBe("approved");
  });

  it("says 'PIX expirado' and offers the CPF form again; a new code reopens the invoice", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "generate", cpf: CPF }, { id });
    const first = row(invoice.id).pixCode!;
    db()
      .update(payments)
      .set({ status: "expired", expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, invoice.id))
      .run();
    const page = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(page).toMatchObject({ state: "form", expired: true });

    await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "generate", cpf: CPF }, { id });
    expect(row(invoice.id).status).toBe("pending");
    const again = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(again.state).toBe("live");
    expect(again.charge.pixCode).not.toBe(first);
    expect(isValidBrCode(again.charge.pixCode)).toBe(true);
  });

  it("stops at a cancelled invoice and says so", async () => {
    const { user, cookie } = await customerWithInvoice();
    const cancelled = createInvoiceFor(user.id, { status: "cancelled", paidAt: null });
    const id = String(cancelled.id);
    const page = await json(await get(pixDialog, `/invoices/${id}/pix`, cookie, { id }));
    expect(page).toMatchObject({ state: "closed", statusLabel: "Cancelado" });
  });
});

describe("the plan change in settings", () => {
  const change = async (method: string) => {
    const plan = createPlan({ priceCents: 2990, creditsPerMonth: 3000 });
    const { user } = await createUser();
    const cookie = await cookieOf(user);
    const planId = String(plan.id);
    const answer = await post(
      planChange,
      `/settings/plano/${planId}`,
      cookie,
      { paymentMethod: method },
      { planId },
    );
    const invoice = db().select().from(payments).where(eq(payments.userId, user.id)).get()!;
    return { answer, invoice, user };
  };

  it("card: straight to Mercado Pago's checkout", async () => {
    const { answer, invoice } = await change("credit_card");
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get("Location")!).origin).toBe(new URL(mpBaseUrl).origin);
    expect(invoice).toMatchObject({ status: "pending", gateway: "mercadopago" });
  });

  it("card, with Mercado Pago unavailable: the invoice's payment dialog, with the reason", async () => {
    db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "mercadopago")).run();
    const { answer, invoice } = await change("credit_card");
    expect(answer.headers.get("Location")).toBe(`/invoices/${invoice.id}/pagar`);
    expect(await toastOf(answer)).toEqual({
      type: "error",
      message: messages.payments.mercadoPagoUnavailable,
    });
  });

  it("PIX: the invoice's PIX dialog", async () => {
    const { answer, invoice } = await change("pix");
    expect(answer.headers.get("Location")).toBe(`/invoices/${invoice.id}/pix`);
    expect(invoice).toMatchObject({ status: "pending", gateway: "paghiper_pix" });
    expect(await toastOf(answer)).toEqual({
      type: "info",
      message: messages.planChange.paymentRequired(invoice.externalReference),
    });
  });

  it("bank transfer, with bank details kept: the invoice's transfer dialog (ADR 0044)", async () => {
    saveBankTransferDetails(BANK_DETAILS, null);
    const { answer, invoice } = await change("bank_transfer");
    expect(answer.headers.get("Location")).toBe(`/invoices/${invoice.id}/transferencia`);
    expect(invoice).toMatchObject({ status: "pending", gateway: "manual" });
  });

  it("bank transfer, without bank details: refused with a 400, no invoice", async () => {
    const { answer, invoice } = await change("bank_transfer");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(messages.bankTransfer.unavailable);
    expect(invoice).toBeUndefined();
  });
});

describe("posts that are not the page's own", () => {
  it("refuse a cross-site post (no Origin, a foreign Origin) with a 403, changing nothing", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    const before = JSON.stringify(row(invoice.id));
    const transactions = sims.pagHiper.transactions().length;
    const preferences = sims.mercadoPago.preferences().length;
    for (const headers of [
      FORM,
      { ...FORM, Origin: "https://evil.example" },
      { ...FORM, "Sec-Fetch-Site": "cross-site" },
    ]) {
      const answers = [
        await post(
          payDialog,
          `/invoices/${id}/pagar`,
          cookie,
          { intent: "checkout" },
          { id },
          headers,
        ),
        await post(
          pixDialog,
          `/invoices/${id}/pix`,
          cookie,
          { intent: "generate", cpf: CPF },
          { id },
          headers,
        ),
        await post(pixDialog, `/invoices/${id}/pix`, cookie, { intent: "sync" }, { id }, headers),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(await answer.text()).toBe(messages.auth.crossSiteForm);
      }
    }
    expect(JSON.stringify(row(invoice.id))).toBe(before);
    expect(sims.pagHiper.transactions().length).toBe(transactions);
    expect(sims.mercadoPago.preferences().length).toBe(preferences);
  });

  it("answer garbage bodies and unknown intents with a 4xx in pt-BR, changing nothing", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const id = String(invoice.id);
    const before = JSON.stringify(row(invoice.id));
    const send = (route: Route, path: string, body: string, type: string | null) =>
      call(asRemix(route.action), path, {
        method: "POST",
        cookie,
        params: { id },
        body,
        headers: { ...OWN_ORIGIN, ...(type ? { "Content-Type": type } : {}) },
      });
    const cases: [Route, string][] = [
      [payDialog, `/invoices/${id}/pagar`],
      [pixDialog, `/invoices/${id}/pix`],
    ];
    for (const [route, path] of cases) {
      const asJson = await send(
        route,
        path,
        JSON.stringify({ intent: "checkout", cpf: CPF }),
        "application/json",
      );
      expect(asJson.status).toBe(415);
      expect(await asJson.text()).toBe(messages.formPost.unsupportedType);
      const asText = await send(route, path, "intent=sync", "text/plain;charset=UTF-8");
      expect(asText.status).toBe(415);
      const bogus = await send(route, path, "intent=bogus&cpf=x", FORM["Content-Type"]);
      expect(bogus.status).toBe(400);
      expect(await bogus.text()).toBe(messages.invoices.unknownIntent);
      const conform = await send(
        route,
        path,
        "intent=generate&__intent__=%7Bnope",
        FORM["Content-Type"],
      );
      expect(conform.status).toBe(400);
      expect(await conform.text()).toBe(messages.formPost.unreadable);
    }
    const noCpf = await send(
      pixDialog,
      `/invoices/${id}/pix`,
      "intent=generate",
      FORM["Content-Type"],
    );
    expect(noCpf.status).toBe(400);
    expect((await noCpf.json()).error).toEqual({ cpf: [messages.payments.invalidCpf] });
    expect(JSON.stringify(row(invoice.id))).toBe(before);
  });
});

describe("the pages as the server renders them (JavaScript off)", () => {
  let handle: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    const handler = await productionHandler();
    handle = (request) => handler(request, { clientIp: "203.0.113.9" });
  });

  const page = async (path: string, cookie: string, form?: Record<string, string>) => {
    const headers = new Headers({ Host: "localhost", Cookie: cookie });
    if (form) {
      headers.set("Content-Type", FORM["Content-Type"]);
      headers.set("Origin", OWN_ORIGIN.Origin);
    }
    const response = await handle(
      new Request(`http://localhost${path}`, {
        method: form ? "POST" : "GET",
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
      }),
    );
    return { status: response.status, html: await response.text() };
  };

  it("lists the invoices with a 'Pagar' link on the pending one, or says there are none", async () => {
    const { user: newcomer } = await createUser();
    const empty = await page("/invoices", await cookieOf(newcomer));
    expect(empty.status).toBe(200);
    expect(empty.html).toContain(messages.invoices.empty);

    const { invoice, cookie } = await customerWithInvoice(4990);
    const list = await page("/invoices", cookie);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`href="/invoices/${invoice.id}/pagar"`);
    expect(list.html).toMatch(/R\$\s49,90/);
    expect(list.html).toContain(invoice.externalReference);
    expect(list.html).toContain("Pendente");
  });

  it("renders the payment-method dialog over the list: a post for Mercado Pago, a link for PIX", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const { status, html } = await page(`/invoices/${invoice.id}/pagar`, cookie);
    expect(status).toBe(200);
    expect(html).toContain('role="dialog"');
    expect(html).toContain(messages.invoices.payTitle(invoice.externalReference));
    expect(html).toMatch(/<form method="post"[^>]*>.*name="intent" value="checkout"/s);
    expect(html).toContain(`href="/invoices/${invoice.id}/pix"`);
    // Over the list: its title is on the page too.
    expect(html).toContain(messages.invoices.title);
  });

  it("shows the Mercado Pago refusal in the dialog", async () => {
    db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "mercadopago")).run();
    const { invoice, cookie } = await customerWithInvoice();
    const { status, html } = await page(`/invoices/${invoice.id}/pagar`, cookie, {
      intent: "checkout",
    });
    expect(status).toBe(400);
    expect(html).toContain(messages.payments.mercadoPagoUnavailable);
  });

  it("renders the CPF form, then its error with the value kept, then the PIX", async () => {
    const { invoice, cookie } = await customerWithInvoice();
    const path = `/invoices/${invoice.id}/pix`;
    const form = await page(path, cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain(messages.invoices.generate);
    expect(form.html).toMatch(/<input[^>]*inputMode="numeric"[^>]*>/i);
    expect(form.html).toMatch(/<input[^>]*autoComplete="off"[^>]*>/i);
    expect(form.html).toContain(`>${messages.invoices.cpfLabel}</label>`);

    const refused = await page(path, cookie, { intent: "generate", cpf: "111.111.111-11" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(messages.payments.invalidCpf);
    expect(refused.html).toContain('value="111.111.111-11"');

    const generated = await page(path, cookie, { intent: "generate", cpf: CPF });
    expect(generated.status).toBe(302);
    const live = await page(path, cookie);
    const code = row(invoice.id).pixCode!;
    expect(live.html).toMatch(/<img[^>]*src="data:image\/png;base64,/);
    expect(live.html).toContain(`alt="${messages.invoices.qrAlt(invoice.externalReference)}"`);
    expect(live.html).toMatch(/<textarea[^>]*readOnly[^>]*>/i);
    expect(live.html).toContain(code.replaceAll("&", "&amp;"));
    expect(live.html).toContain(messages.invoices.verify);
    expect(live.html).toContain(messages.invoices.waitingNoJs);
    // The copy button needs JavaScript; the code field is there to select without it.
    expect(live.html).not.toContain(messages.invoices.copy);
  });

  it("says 'Pagamento aprovado!' with a way back once paid", async () => {
    const { user, cookie } = await customerWithInvoice();
    const paid = createInvoiceFor(user.id);
    const { html } = await page(`/invoices/${paid.id}/pix`, cookie);
    expect(html).toContain(messages.invoices.approved);
    expect(html).toContain(messages.invoices.backToInvoices);
  });
});
