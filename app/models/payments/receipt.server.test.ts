import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyIdentity, plans } from "~db/schema";
import { db } from "~/utils/db.server";
import { renderReceiptPdf } from "~/utils/receipt-pdf.server";
import {
  accepted,
  createInvoiceFor,
  createPlan,
  createUser,
} from "../../../tests/support/factories";
import { pdfText } from "../../../tests/support/receipt-text";
import { saveCompanyIdentity } from "../company/company.server";
import { latestPaidReceipt, paidReceipt } from "./receipt.server";
import { COMPANY_AS_TYPED } from "../../../tests/support/company";

describe("latestPaidReceipt", () => {
  it("is the user's most recently paid approved invoice, with customer and plan", async () => {
    const { user } = await createUser({ name: "Maria Peças", email: "maria-recibo@teste.dev" });
    const plan = createPlan({ name: "Plano Oficina Recibo", priceCents: 9990 });
    const older = createInvoiceFor(user.id, {
      planId: plan.id,
      paidAt: new Date("2026-05-01T10:00:00Z"),
    });
    const paid = createInvoiceFor(user.id, {
      planId: plan.id,
      gateway: "paghiper_pix",
      amountCents: 12990,
      externalReference: "ENC-RECIBO-PAGO",
      providerPaymentId: "PH-1",
      createdAt: new Date("2026-05-31T12:00:00Z"),
      paidAt: new Date("2026-06-01T10:00:00Z"),
    });
    // Newer, but not paid: a pending, a rejected and a refunded invoice are not receipts.
    for (const status of ["pending", "rejected", "refunded"] as const)
      createInvoiceFor(user.id, { planId: plan.id, status, paidAt: null });
    // Another customer's invoice, paid later.
    const other = await createUser();
    createInvoiceFor(other.user.id, { paidAt: new Date("2026-07-01T10:00:00Z") });

    expect(latestPaidReceipt(user.id)).toEqual({
      paymentId: paid.id,
      number: "ENC-RECIBO-PAGO",
      issuer: [],
      issuedAt: new Date("2026-05-31T12:00:00Z"),
      paidAt: new Date("2026-06-01T10:00:00Z"),
      customer: { name: "Maria Peças", email: "maria-recibo@teste.dev", taxId: null },
      planName: "Plano Oficina Recibo",
      amountCents: 12990,
      creditCents: 0,
      gateway: "paghiper_pix",
      paymentMethod: null,
      providerPaymentId: "PH-1",
    });
    expect(older.id).toBeLessThan(paid.id);
  });

  it("orders by payment time: an older invoice paid last is the latest receipt", async () => {
    const { user } = await createUser();
    const late = createInvoiceFor(user.id, { paidAt: new Date("2026-06-10T10:00:00Z") });
    createInvoiceFor(user.id, { paidAt: new Date("2026-06-05T10:00:00Z") });
    expect(latestPaidReceipt(user.id)?.paymentId).toBe(late.id);
  });

  it("is undefined without an approved invoice", async () => {
    const { user } = await createUser();
    expect(latestPaidReceipt(user.id)).toBeUndefined();
    createInvoiceFor(user.id, { status: "pending", paidAt: null });
    expect(latestPaidReceipt(user.id)).toBeUndefined();
  });

  it("names a removed plan by its id, or says it is not known", async () => {
    const { user } = await createUser();
    const plan = createPlan();
    const invoice = createInvoiceFor(user.id, { planId: plan.id });
    // A plan row gone without the foreign key's "set null" (an old import, say).
    db().$client.pragma("foreign_keys = OFF");
    try {
      db().delete(plans).where(eq(plans.id, plan.id)).run();
    } finally {
      db().$client.pragma("foreign_keys = ON");
    }
    expect(latestPaidReceipt(user.id)).toMatchObject({
      paymentId: invoice.id,
      planName: `Plano #${plan.id}`,
    });
    const unknown = createInvoiceFor(user.id, {
      planId: null,
      paidAt: new Date(Date.now() + 1000),
    });
    expect(latestPaidReceipt(user.id)).toMatchObject({
      paymentId: unknown.id,
      planName: "Plano não informado",
    });
  });

  it("uses the last update as the payment time when paid_at is missing", async () => {
    const { user } = await createUser();
    const invoice = createInvoiceFor(user.id, {
      paidAt: null,
      updatedAt: new Date("2026-06-20T15:00:00Z"),
    });
    expect(latestPaidReceipt(user.id)?.paidAt).toEqual(new Date("2026-06-20T15:00:00Z"));
    expect(invoice.paidAt).toBeNull();
  });
});

describe("paidReceipt", () => {
  it("gives the owner and an admin the receipt, and nobody else", async () => {
    const owner = (await createUser()).user;
    const stranger = (await createUser({ role: "premium_user" })).user;
    const admin = (await createUser({ role: "admin" })).user;
    const invoice = createInvoiceFor(owner.id);

    expect(paidReceipt(invoice.id, owner)?.paymentId).toBe(invoice.id);
    expect(paidReceipt(invoice.id, admin)?.customer.email).toBe(owner.email);
    expect(paidReceipt(invoice.id, stranger)).toBeUndefined();
  });

  it("is undefined for an invoice that is not approved or does not exist, even for an admin", async () => {
    const owner = (await createUser()).user;
    const admin = (await createUser({ role: "admin" })).user;
    const pending = createInvoiceFor(owner.id, { status: "pending", paidAt: null });
    expect(paidReceipt(pending.id, owner)).toBeUndefined();
    expect(paidReceipt(pending.id, admin)).toBeUndefined();
    expect(paidReceipt(999_999, admin)).toBeUndefined();
  });
});

describe("the receipt's issuer, payer and number (issue #27)", () => {
  it("carries the company kept, the PIX payer's CPF and the invoice's reference as its number", async () => {
    const admin = (await createUser({ role: "admin" })).user;
    accepted(saveCompanyIdentity(COMPANY_AS_TYPED, admin.id));
    try {
      const { user } = await createUser({ name: "Oficina do Pagador" });
      const invoice = createInvoiceFor(user.id, {
        gateway: "paghiper_pix",
        externalReference: "ENC-MWW123-ABCDEF",
        payerTaxId: "52998224725",
      });
      const receipt = paidReceipt(invoice.id, user)!;
      expect(receipt).toMatchObject({
        number: "ENC-MWW123-ABCDEF",
        customer: { taxId: "529.982.247-25" },
      });
      const text = pdfText(await renderReceiptPdf(receipt));
      expect(text).toContain("Encaixa Tecnologia Ltda · CNPJ 34.567.890/0001-30");
      expect(text).toContain("Av. Paulista, 1000 — São Paulo/SP — CEP 01310-100");
      expect(text).toContain("contato@encaixa.com.br · WhatsApp (11) 98765-4321");
      expect(text).toMatch(/CPF\/CNPJ do pagador\n529\.982\.247-25/);
      expect(text).toMatch(/Número \(referência da fatura\)\nENC-MWW123-ABCDEF/);
      // One number (in the header and the details): nothing else looks like an invoice number.
      expect(new Set(text.match(/ENC-[A-Z0-9-]+/g))).toEqual(new Set(["ENC-MWW123-ABCDEF"]));
    } finally {
      db().delete(companyIdentity).run();
    }
  });

  it("formats a payer's CNPJ as a CNPJ", async () => {
    const { user } = await createUser();
    const invoice = createInvoiceFor(user.id, { payerTaxId: "11222333000181" });
    expect(paidReceipt(invoice.id, user)?.customer.taxId).toBe("11.222.333/0001-81");
  });
});
