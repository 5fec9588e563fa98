import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { gatewayConfigs, payments } from "~db/schema";
import { subscribe } from "~/models/accounts/subscription.server";
import { cnpjCheckDigits } from "~/utils/cnpj";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createInvoiceFor,
  createPlan,
  createUser,
} from "../../../tests/support/factories";
import {
  bankTransferDetails,
  bankTransferOffered,
  bankTransferSettings,
  saveBankTransferDetails,
} from "./bank-transfer.server";
import {
  bankTransferInvoiceIds,
  isBankTransferInvoice,
  transferInstructions,
} from "./bank-transfer-invoice.server";
import { readGatewayConfig } from "./gateway-config.server";

const DETAILS = {
  bank: "Banco Teste do Brasil (999)",
  agency: "1234-5",
  account: "98765-0",
  holder: "Encaixa Tecnologia Ltda",
  cnpj: "11222333000181",
  pixKey: "financeiro@encaixa.test",
};
const NONE = { bank: "", agency: "", account: "", holder: "", cnpj: "", pixKey: "" };

beforeEach(() => {
  db().delete(gatewayConfigs).where(eq(gatewayConfigs.provider, "bank_transfer")).run();
});

async function customerAskingFor(paymentMethod: "bank_transfer" | "pix") {
  createFreePlan();
  const plan = createPlan({ priceCents: 4990, creditsPerMonth: 6000 });
  const { user } = await createUser();
  return { user, plan, asked: subscribe({ userId: user.id, planId: plan.id, paymentMethod }) };
}

describe("the bank details", () => {
  it("are kept encrypted in the gateways' table and read back whole", () => {
    accepted(saveBankTransferDetails(DETAILS, null));
    const row = db()
      .select()
      .from(gatewayConfigs)
      .where(eq(gatewayConfigs.provider, "bank_transfer"))
      .get()!;
    for (const value of Object.values(DETAILS)) expect(row.encryptedConfig).not.toContain(value);
    expect(readGatewayConfig("bank_transfer")).toEqual(DETAILS);
    expect(bankTransferSettings()).toMatchObject({ configured: true, details: DETAILS });
    expect(bankTransferSettings().updatedAt).toBeInstanceOf(Date);
  });

  it("keep an optional PIX key empty", () => {
    accepted(saveBankTransferDetails({ ...DETAILS, pixKey: "" }, null));
    expect(bankTransferDetails()?.pixKey).toBe("");
  });

  it("refuse each missing required field, on that field", () => {
    for (const field of ["bank", "agency", "account", "holder", "cnpj"] as const) {
      const saved = saveBankTransferDetails({ ...DETAILS, [field]: "  " }, null);
      expect(saved).toMatchObject({ ok: false, reason: "invalid_reference", field });
    }
    expect(bankTransferOffered()).toBe(false);
  });

  it("accept any CNPJ whose check digits hold, numeric or alphanumeric", () => {
    const base = fc
      .array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), {
        minLength: 12,
        maxLength: 12,
      })
      .map((characters) => characters.join(""))
      .filter((b) => !/^(\d)\1{11}$/.test(b));
    fc.assert(
      fc.property(base, (b) => {
        const cnpj = b + cnpjCheckDigits(b);
        return saveBankTransferDetails({ ...DETAILS, cnpj }, null).ok;
      }),
      { numRuns: 40 },
    );
  });

  it("refuse a CNPJ whose check digits do not hold, keeping what was saved", () => {
    accepted(saveBankTransferDetails(DETAILS, null));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 12, max: 13 }), (shift, at) => {
        const digit = (Number(DETAILS.cnpj[at]) + shift) % 10;
        const cnpj = `${DETAILS.cnpj.slice(0, at)}${digit}${DETAILS.cnpj.slice(at + 1)}`;
        const saved = saveBankTransferDetails({ ...DETAILS, holder: "Outro", cnpj }, null);
        return !saved.ok && saved.message === messages.documents.cnpjInvalid;
      }),
      { numRuns: 30 },
    );
    expect(saveBankTransferDetails({ ...DETAILS, cnpj: "11111111111111" }, null).ok).toBe(false);
    expect(bankTransferDetails()).toEqual(DETAILS);
  });

  it("all blank forget them: transfer is no longer offered", () => {
    accepted(saveBankTransferDetails(DETAILS, null));
    expect(bankTransferOffered()).toBe(true);
    expect(accepted(saveBankTransferDetails(NONE, null))).toBeNull();
    expect(bankTransferOffered()).toBe(false);
    expect(bankTransferSettings()).toEqual({ configured: false, details: null, updatedAt: null });
  });
});

describe("choosing transfer", () => {
  it("is refused while no bank details are kept, and no invoice is made", async () => {
    const { user, asked } = await customerAskingFor("bank_transfer");
    expect(asked).toMatchObject({
      ok: false,
      reason: "not_configured",
      message: messages.bankTransfer.unavailable,
    });
    const invoices = db().select().from(payments).where(eq(payments.userId, user.id)).all();
    expect(invoices).toEqual([]);
  });

  it("makes a manual invoice marked as a transfer once details are kept", async () => {
    accepted(saveBankTransferDetails(DETAILS, null));
    const { asked } = await customerAskingFor("bank_transfer");
    const result = accepted(asked);
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    expect(result.payment).toMatchObject({ status: "pending", gateway: "manual" });
    expect(isBankTransferInvoice(result.payment)).toBe(true);
  });

  it("does not count a PIX invoice or an admin's manual one as a transfer", async () => {
    const { user, asked } = await customerAskingFor("pix");
    const pix = accepted(asked);
    if (pix.kind !== "payment_required") throw new Error("expected an invoice");
    const bare = createInvoiceFor(user.id, { status: "pending", paidAt: null });
    expect(bankTransferInvoiceIds([pix.payment.id, bare.id])).toEqual(new Set());
    expect(bankTransferInvoiceIds([])).toEqual(new Set());
  });
});

describe("transferInstructions", () => {
  it("gives the owner and an admin the details; anyone else is told the invoice does not exist", async () => {
    accepted(saveBankTransferDetails(DETAILS, null));
    const { user, asked } = await customerAskingFor("bank_transfer");
    const result = accepted(asked);
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    const id = result.payment.id;
    const mine = accepted(transferInstructions(user, id));
    expect(mine.details).toEqual(DETAILS);
    expect(mine.invoice).toMatchObject({ id, amountCents: 4990 });
    expect(mine.invoice.externalReference).toMatch(/^ENC-/);
    expect(transferInstructions({ id: 0, role: "admin" }, id).ok).toBe(true);
    const { user: stranger } = await createUser();
    expect(transferInstructions(stranger, id)).toMatchObject({ ok: false, reason: "not_found" });
    expect(transferInstructions(user, 999_999_999)).toMatchObject({
      ok: false,
      reason: "not_found",
    });

    accepted(saveBankTransferDetails(NONE, null));
    expect(transferInstructions(user, id)).toMatchObject({ ok: false, reason: "not_configured" });
  });
});
