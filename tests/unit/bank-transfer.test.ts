import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gatewayConfigs, payments } from "~db/schema";
import { currentPlan } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import type { User } from "~/models/accounts/user.server";
import { bankTransferDetails } from "~/models/payments/index.server";
import * as planChange from "~/routes/accounts/_app.settings.plano.$planId";
import * as markPaid from "~/routes/payments/_app.admin-invoices.$id.mark-paid";
import * as invoicesList from "~/routes/payments/_app.invoices";
import * as payDialog from "~/routes/payments/_app.invoices.$id.pagar";
import * as transferDialog from "~/routes/payments/_app.invoices.$id.transferencia";
import * as paymentMethods from "~/routes/payments/_app.payment-methods/route";
import * as subscribeRoute from "~/routes/payments/api.auth.subscribe";
import * as paymentRoute from "~/routes/payments/api.payments.$id";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  createFreePlan,
  createPlan,
  createUser,
  FORM,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { call, envelope } from "../support/routes";

/**
 * Bank transfer end to end through the routes (ADR 0044): the admin keeps the account on
 * /payment-methods, a customer who picks transfer gets an invoice and its transfer dialog, the
 * admin's "Marcar pago" starts the plan; without the account, transfer is neither offered nor
 * taken. Hostile posts get a pt-BR 4xx and change nothing.
 */

const t = messages.bankTransfer;
const FIELDS = {
  bank: "Banco Teste do Brasil (999)",
  agency: "1234-5",
  account: "98765-0",
  holder: "Encaixa Tecnologia Ltda",
  cnpj: "11.222.333/0001-81",
  pixKey: "financeiro@encaixa.test",
};

let admin: User;
let planId = 0;

beforeAll(async () => {
  createFreePlan();
  planId = createPlan({ name: "Plano Transferência", priceCents: 4990, creditsPerMonth: 6000 }).id;
  admin = (await createUser({ role: "admin" })).user;
});

beforeEach(() => {
  db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "bank_transfer")).run();
});

const web = (user: User) => sessionHeaders(user, "web");

async function saveDetails(fields: Record<string, string>, headers?: Record<string, string>) {
  return invoke(paymentMethods.action, "/payment-methods", {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: headers ?? (await postHeaders(admin)),
  });
}

async function keepDetails() {
  const saved = await saveDetails({ intent: "save-banktransfer", ...FIELDS });
  expect(saved.status).toBe(302);
}

async function choose(user: User, paymentMethod: string) {
  const id = String(planId);
  return invoke(planChange.action, `/settings/plano/${id}`, {
    method: "POST",
    params: { planId: id },
    body: new URLSearchParams({ paymentMethod }).toString(),
    headers: await postHeaders(user),
  });
}

const invoicesOf = (userId: number) =>
  db().select().from(payments).where(eq(payments.userId, userId)).all();

async function transferPage(user: User, id: number | string) {
  return invoke(transferDialog.loader, `/invoices/${id}/transferencia`, {
    params: { id: String(id) },
    headers: await web(user),
  });
}

/** A customer who picked transfer with the account kept: the customer and the invoice. */
async function customerByTransfer() {
  await keepDetails();
  const { user } = await createUser();
  const answer = await choose(user, "bank_transfer");
  const [invoice] = invoicesOf(user.id);
  expect(answer.headers.get("Location")).toBe(`/invoices/${invoice!.id}/transferencia`);
  return { user, invoice: invoice! };
}

describe("the admin's bank details on /payment-methods", () => {
  it("are saved (CNPJ unmasked), shown back to the admin, and can be removed", async () => {
    await keepDetails();
    expect(bankTransferDetails()).toEqual({ ...FIELDS, cnpj: "11222333000181" });
    const page = await (
      await invoke(paymentMethods.loader, "/payment-methods", { headers: await web(admin) })
    ).json();
    expect(page.bankTransfer).toMatchObject({ configured: true, details: { bank: FIELDS.bank } });

    const cleared = await saveDetails({ intent: "clear-banktransfer" });
    expect(cleared.status).toBe(302);
    expect(await toastOf(cleared)).toEqual({ type: "success", message: t.cleared });
    expect(bankTransferDetails()).toBeNull();
  });

  it("all blank turn transfer off", async () => {
    await keepDetails();
    const blank = Object.fromEntries(Object.keys(FIELDS).map((key) => [key, ""]));
    const saved = await saveDetails({ intent: "save-banktransfer", ...blank });
    expect(await toastOf(saved)).toEqual({ type: "success", message: t.cleared });
    expect(bankTransferDetails()).toBeNull();
  });

  it("refuse a CNPJ with wrong check digits and missing fields, on their fields, in pt-BR", async () => {
    const answer = await saveDetails({
      intent: "save-banktransfer",
      ...FIELDS,
      cnpj: "11.222.333/0001-82",
      holder: "",
    });
    expect(answer.status).toBe(400);
    const { intent, reply } = await answer.json();
    expect(intent).toBe("save-banktransfer");
    expect(reply.error).toMatchObject({
      cnpj: [messages.documents.cnpjInvalid],
      holder: [t.holderRequired],
    });
    expect(bankTransferDetails()).toBeNull();
  });

  it("answer hostile posts with a 4xx and keep nothing", async () => {
    const hostile: Record<string, string>[] = [
      { intent: "save-banktransfer", ...FIELDS, bank: "x".repeat(5_000) },
      { intent: "save-banktransfer", ...FIELDS, holder: "Encaixa\u0000Ltda" },
      { intent: "save-banktransfer", ...FIELDS, agency: "12<script>" },
      { intent: "save-banktransfer", ...FIELDS, account: "'; drop table payments; --" },
      { intent: "save-banktransfer", ...FIELDS, cnpj: "11222333000181".repeat(3) },
      { intent: "apagar-tudo", ...FIELDS },
    ];
    for (const fields of hostile) {
      const answer = await saveDetails(fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const garbage = await invoke(paymentMethods.action, "/payment-methods", {
      method: "POST",
      body: "%%%&&&===",
      headers: await postHeaders(admin),
    });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
    expect(bankTransferDetails()).toBeNull();
  });

  it("refuse a cross-site post and a customer's post", async () => {
    const body = { intent: "save-banktransfer", ...FIELDS };
    const crossSite = await saveDetails(body, {
      ...(await web(admin)),
      "Content-Type": FORM,
      Origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const { user } = await createUser();
    const byCustomer = await saveDetails(body, await postHeaders(user));
    expect(byCustomer.status).toBe(302);
    expect(byCustomer.headers.get("Location")).not.toBe("/payment-methods");
    expect(bankTransferDetails()).toBeNull();
  });

  it("two saves at once leave one consistent account", async () => {
    const answers = await Promise.all([
      saveDetails({ intent: "save-banktransfer", ...FIELDS, holder: "Primeira Ltda" }),
      saveDetails({ intent: "save-banktransfer", ...FIELDS, holder: "Segunda Ltda" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    const rows = db()
      .select()
      .from(gatewayConfigs)
      .where(eq(gatewayConfigs.provider, "bank_transfer"))
      .all();
    expect(rows).toHaveLength(1);
    expect(["Primeira Ltda", "Segunda Ltda"]).toContain(bankTransferDetails()!.holder);
  });
});

describe("a customer's choice of transfer", () => {
  it("is not offered, and refused with a pt-BR 400, while no account is kept", async () => {
    const { user } = await createUser();
    const id = String(planId);
    const dialog = await (
      await invoke(planChange.loader, `/settings/plano/${id}`, {
        params: { planId: id },
        headers: await web(user),
      })
    ).json();
    expect(dialog.methods).toEqual(["credit_card", "pix"]);
    const answer = await choose(user, "bank_transfer");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(t.unavailable);
    expect(invoicesOf(user.id)).toEqual([]);
  });

  it("is offered once the account is kept, and leads to the invoice's transfer dialog", async () => {
    await keepDetails();
    const { user } = await createUser();
    const id = String(planId);
    const dialog = await (
      await invoke(planChange.loader, `/settings/plano/${id}`, {
        params: { planId: id },
        headers: await web(user),
      })
    ).json();
    expect(dialog.methods).toEqual(["credit_card", "pix", "bank_transfer"]);
    const { invoice } = await customerByTransfer();
    expect(invoice).toMatchObject({ status: "pending", gateway: "manual", amountCents: 4990 });
  });

  it("shows its owner the account, the amount and the reference", async () => {
    const { user, invoice } = await customerByTransfer();
    const answer = await transferPage(user, invoice.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      id: invoice.id,
      amountCents: 4990,
      state: "open",
      reference: invoice.externalReference,
      details: { ...FIELDS },
    });
  });

  it("is a 404 for another customer's invoice, or one that does not exist", async () => {
    const { invoice } = await customerByTransfer();
    const { user: stranger } = await createUser();
    expect((await transferPage(stranger, invoice.id)).status).toBe(404);
    expect((await transferPage(stranger, 999_999_999)).status).toBe(404);
    expect((await transferPage(stranger, "abc")).status).toBe(404);
  });

  it("says transfer is unavailable once the account is removed, and closed once paid", async () => {
    const { user, invoice } = await customerByTransfer();
    await saveDetails({ intent: "clear-banktransfer" });
    expect(await (await transferPage(user, invoice.id)).json()).toMatchObject({
      state: "unavailable",
    });
    db().update(payments).set({ status: "approved" }).where(eq(payments.id, invoice.id)).run();
    expect(await (await transferPage(user, invoice.id)).json()).toMatchObject({
      state: "closed",
      statusLabel: "Aprovado",
    });
  });

  it("'Pagar' of the invoice opens the transfer dialog; the pay dialog offers transfer", async () => {
    const { user, invoice } = await customerByTransfer();
    const list = await (
      await invoke(invoicesList.loader, "/invoices", { headers: await web(user) })
    ).json();
    expect(list.invoices[0]).toMatchObject({
      id: invoice.id,
      payPath: `/invoices/${invoice.id}/transferencia`,
      // Named by how it is paid, not by its gateway ("Manual").
      paidWith: "Transferência bancária",
    });
    const pay = await (
      await invoke(payDialog.loader, `/invoices/${invoice.id}/pagar`, {
        params: { id: String(invoice.id) },
        headers: await web(user),
      })
    ).json();
    expect(pay.transferOffered).toBe(true);
  });

  it("the admin's 'Marcar pago' starts the plan", async () => {
    const { user, invoice } = await customerByTransfer();
    const marked = await invoke(markPaid.action, `/admin-invoices/${invoice.id}/mark-paid`, {
      method: "POST",
      params: { id: String(invoice.id) },
      body: "",
      headers: await postHeaders(admin),
    });
    expect(marked.status).toBe(302);
    expect(currentPlan(user.id)?.planId).toBe(planId);
  });
});

describe("the API", () => {
  const subscribeAs = (token: string) =>
    call(subscribeRoute.action, "/api/auth/subscribe", {
      method: "POST",
      json: { planId, paymentMethod: "bank_transfer" },
      token,
    });
  const getPayment = (id: number, token: string) =>
    call(paymentRoute.loader, `/api/payments/${id}`, { token, params: { id: String(id) } });
  const apiCustomer = async () => {
    const { user } = await createUser();
    return { user, token: createSession(user.id, "api").id };
  };

  it("refuses transfer with a pt-BR 400 while no account is kept", async () => {
    const { user, token } = await apiCustomer();
    const answer = await subscribeAs(token);
    expect(answer.status).toBe(400);
    expect((await envelope(answer)).message).toBe(t.unavailable);
    expect(invoicesOf(user.id)).toEqual([]);
  });

  it("answers a transfer invoice with where to transfer, to its owner only", async () => {
    await keepDetails();
    const { token } = await apiCustomer();
    const created = await envelope(await subscribeAs(token));
    const expected = {
      bank: FIELDS.bank,
      agency: FIELDS.agency,
      account: FIELDS.account,
      holder: FIELDS.holder,
      cnpj: "11222333000181",
      pix_key: FIELDS.pixKey,
      amount: 49.9,
      reference: created.data.payment.external_reference,
    };
    expect(created.data.payment.bank_transfer).toEqual(expected);
    const id = created.data.payment.id as number;
    const read = await envelope(await getPayment(id, token));
    expect(read.data.bank_transfer).toEqual(expected);

    const stranger = await apiCustomer();
    const other = await getPayment(id, stranger.token);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain(FIELDS.holder);
  });

  it("leaves other invoices' answers as they were", async () => {
    await keepDetails();
    const { token } = await apiCustomer();
    const created = await envelope(
      await call(subscribeRoute.action, "/api/auth/subscribe", {
        method: "POST",
        json: { planId, paymentMethod: "pix" },
        token,
      }),
    );
    expect(created.data.payment).not.toHaveProperty("bank_transfer");
    const read = await envelope(await getPayment(created.data.payment.id, token));
    expect(read.data).not.toHaveProperty("bank_transfer");
  });
});
