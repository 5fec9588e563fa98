import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "~db/schema";
import { adminInvoiceActions, customerInvoiceActions } from "./invoice-actions.server";

const mercadoPago = {
  gateway: "mercadopago" as const,
  providerPaymentId: null,
  checkoutId: "pref-1",
};

describe("customerInvoiceActions", () => {
  it("offers Pagar only on a pending invoice, the receipt only on a paid one", () => {
    const offered = Object.fromEntries(
      PAYMENT_STATUSES.map((status) => [status, customerInvoiceActions(status)]),
    );
    expect(offered).toEqual({
      pending: ["pay"],
      approved: ["receipt"],
      rejected: [],
      cancelled: [],
      refunded: [],
      expired: ["newPix"],
    });
  });
});

describe("adminInvoiceActions", () => {
  it("shows the checkout link (open, copy) only while the invoice can be paid through it", () => {
    for (const status of PAYMENT_STATUSES)
      expect(adminInvoiceActions({ ...mercadoPago, status }, true).paymentLink, status).toBe(
        status === "pending",
      );
    expect(adminInvoiceActions({ ...mercadoPago, status: "pending" }, false).paymentLink).toBe(
      false,
    );
  });

  it("a paid invoice: no link, no Marcar pago; Sincronizar still catches a refund", () => {
    expect(adminInvoiceActions({ ...mercadoPago, status: "approved" }, true)).toEqual({
      paymentLink: false,
      sync: true,
      markPaid: false,
    });
  });

  it("refunded and cancelled invoices are closed: nothing to do on the row", () => {
    for (const status of ["refunded", "cancelled"] as const)
      expect(adminInvoiceActions({ ...mercadoPago, status }, true)).toEqual({
        paymentLink: false,
        sync: false,
        markPaid: false,
      });
  });

  it("Marcar pago on an unpaid invoice that may still be paid", () => {
    for (const status of ["pending", "rejected", "expired"] as const)
      expect(adminInvoiceActions({ ...mercadoPago, status }, false).markPaid, status).toBe(true);
  });

  it("Sincronizar only when a provider knows the invoice", () => {
    const manual = { gateway: "manual" as const, providerPaymentId: null, checkoutId: null };
    expect(adminInvoiceActions({ ...manual, status: "pending" }, false).sync).toBe(false);
    const unsent = { gateway: "paghiper_pix" as const, providerPaymentId: null, checkoutId: null };
    expect(adminInvoiceActions({ ...unsent, status: "pending" }, false).sync).toBe(false);
    const pix = { gateway: "paghiper_pix" as const, providerPaymentId: "PH-1", checkoutId: null };
    expect(adminInvoiceActions({ ...pix, status: "pending" }, false).sync).toBe(true);
    expect(adminInvoiceActions({ ...pix, status: "expired" }, false).sync).toBe(true);
  });
});
