import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans } from "~db/schema";
import { db } from "~/utils/db.server";
import { createInvoiceFor, createPlan, createUser } from "../../../tests/support/factories";
import { latestPaidReceipt, paidReceipt, receiptNumber } from "./receipt.server";

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
      number: receiptNumber(paid.id),
      issuedAt: new Date("2026-05-31T12:00:00Z"),
      paidAt: new Date("2026-06-01T10:00:00Z"),
      customer: { name: "Maria Peças", email: "maria-recibo@teste.dev" },
      planName: "Plano Oficina Recibo",
      amountCents: 12990,
      gateway: "paghiper_pix",
      externalReference: "ENC-RECIBO-PAGO",
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

describe("receiptNumber", () => {
  it("is ENC- and the invoice id padded to six digits", () => {
    expect(receiptNumber(42)).toBe("ENC-000042");
    expect(receiptNumber(1_234_567)).toBe("ENC-1234567");
  });
});
