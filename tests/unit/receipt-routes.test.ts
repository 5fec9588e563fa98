import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/models/accounts/user.server";
import * as invoiceReceipt from "~/routes/payments/invoices.$id.receipt";
import * as profileReceipt from "~/routes/payments/profile.receipt";
import { takeToast } from "~/server/toast.server";
import { createInvoiceFor, createPlan, createUser, sessionHeaders } from "../support/factories";
import { call } from "../support/routes";

let owner: User;
let other: User;
let admin: User;
let invoiceId = 0;
let reference = "";
beforeAll(async () => {
  owner = (await createUser({ name: "Oficina do Zé", role: "premium_user" })).user;
  other = (await createUser({ role: "premium_user" })).user;
  admin = (await createUser({ role: "admin" })).user;
  const plan = createPlan({ name: "Plano Recibo Rotas", priceCents: 9990 });
  const invoice = createInvoiceFor(owner.id, { planId: plan.id, amountCents: 9990 });
  invoiceId = invoice.id;
  reference = invoice.externalReference;
});

const web = (user: User) => sessionHeaders(user, "web");
const getReceipt = async (id: string, user?: User) =>
  call(invoiceReceipt.loader, `/invoices/${id}/receipt`, {
    params: { id },
    headers: user ? await web(user) : {},
  });
const getLatest = async (user?: User) =>
  call(profileReceipt.loader, "/profile/receipt", { headers: user ? await web(user) : {} });

describe("GET /invoices/:id/receipt", () => {
  it("declares that any signed-in user may ask", () => {
    expect(invoiceReceipt.access).toBe("signed-in");
  });

  it("gives the owner the PDF as a private download", async () => {
    const response = await getReceipt(String(invoiceId), owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="recibo-${reference}.pdf"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
  });

  it("lets an admin read any customer's receipt", async () => {
    const response = await getReceipt(String(invoiceId), admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("answers another customer 404, the same as for an invoice that does not exist", async () => {
    const foreign = await getReceipt(String(invoiceId), other);
    const missing = await getReceipt("999999", other);
    for (const response of [foreign, missing]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Recibo não encontrado");
    }
  });

  it("answers 404 for an unpaid invoice and a malformed id", async () => {
    const pending = createInvoiceFor(owner.id, { status: "pending", paidAt: null });
    expect((await getReceipt(String(pending.id), owner)).status).toBe(404);
    expect((await getReceipt("abc", owner)).status).toBe(404);
    expect((await getReceipt("-1", admin)).status).toBe(404);
  });

  it("sends an anonymous visitor to the login, remembering the receipt", async () => {
    const response = await getReceipt(String(invoiceId));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location.startsWith("/login")).toBe(true);
    expect(new URL(location, "http://localhost").searchParams.get("redirectTo")).toBe(
      `/invoices/${invoiceId}/receipt`,
    );
  });
});

describe("GET /profile/receipt", () => {
  it("redirects the customer to the receipt of their latest paid invoice", async () => {
    const response = await getLatest(owner);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/invoices/${invoiceId}/receipt`);
  });

  it("without a paid invoice, goes back to the subscription tab with a notice", async () => {
    const response = await getLatest(other);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=assinatura");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast } = await takeToast(
      new Request("http://localhost/profile", { headers: { Cookie: cookie } }),
    );
    expect(toast).toEqual({
      type: "info",
      message: "Você ainda não tem fatura paga para baixar o recibo.",
    });
  });

  it("sends an anonymous visitor to the login", async () => {
    const response = await getLatest();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")!.startsWith("/login")).toBe(true);
  });
});
