import { describe, expect, it } from "vitest";
import { payments } from "./payments";

describe("payments.paidWith: how an invoice is paid, one label everywhere", () => {
  it.each([
    ["mercadopago", "credit_card", "Mercado Pago"],
    ["paghiper_pix", "pix", "PIX (PagHiper)"],
    ["manual", "bank_transfer", "Transferência bancária"],
    ["manual", "cash", "Dinheiro"],
    ["manual", "credit_card", "Manual"],
    ["manual", null, "Manual"],
    ["manual", undefined, "Manual"],
    ["mercadopago", "bank_transfer", "Mercado Pago"],
  ])("%s paid by %s reads %s", (gateway, method, label) => {
    expect(payments.paidWith(gateway, method)).toBe(label);
  });
});
