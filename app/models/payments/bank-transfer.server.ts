import { isValidCnpj } from "~/utils/cnpj";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";
import {
  type BankTransferDetails,
  forgetGatewayConfig,
  gatewayConfigUpdatedAt,
  readGatewayConfig,
  writeGatewayConfig,
} from "./gateway-config.server";

/**
 * Bank transfer (ADR 0044): the account the admin keeps on "Formas de pagamento", stored as the
 * `bank_transfer` row of the gateways' settings (encrypted like theirs), and what a customer who
 * chose transfer is shown to pay an invoice. No provider tells us a transfer arrived: the admin
 * confirms it with "Marcar pago". Without details, transfer is not offered to customers.
 */

const m = messages.bankTransfer;

/** The kept details, or null when there are none (or they were sealed with another key). */
export function bankTransferDetails(): BankTransferDetails | null {
  try {
    return readGatewayConfig("bank_transfer");
  } catch {
    return null;
  }
}

/** Whether customers may choose bank transfer: only while there is an account to send to. */
export function bankTransferOffered(): boolean {
  return bankTransferDetails() !== null;
}

/** What the admin's panel shows: the details (none is secret: customers read them) and when saved. */
export function bankTransferSettings() {
  const details = bankTransferDetails();
  return {
    configured: details !== null,
    details,
    updatedAt: details ? gatewayConfigUpdatedAt("bank_transfer") : null,
  };
}

const REQUIRED = [
  ["bank", m.bankRequired],
  ["agency", m.agencyRequired],
  ["account", m.accountRequired],
  ["holder", m.holderRequired],
  ["cnpj", m.cnpjRequired],
] as const;

/**
 * Keeps the account customers transfer to. Every field blank forgets it: transfer is then no
 * longer offered (invoices already made by transfer keep their "Marcar pago").
 */
export function saveBankTransferDetails(
  input: BankTransferDetails,
  actorId: number | null,
): Outcome<BankTransferDetails | null> {
  const details: BankTransferDetails = {
    bank: input.bank.trim(),
    agency: input.agency.trim(),
    account: input.account.trim(),
    holder: input.holder.trim(),
    cnpj: input.cnpj.trim(),
    pixKey: input.pixKey.trim(),
  };
  if (Object.values(details).every((value) => value === "")) {
    forgetGatewayConfig("bank_transfer");
    logActivity({ actorId, type: "payment", action: m.activityCleared, entity: "gateway" });
    return accept(null);
  }
  for (const [field, message] of REQUIRED)
    if (!details[field]) return refuse("invalid_reference", message, field);
  if (!isValidCnpj(details.cnpj))
    return refuse("invalid_reference", messages.documents.cnpjInvalid, "cnpj");
  writeGatewayConfig("bank_transfer", details);
  logActivity({ actorId, type: "payment", action: m.activitySaved, entity: "gateway" });
  return accept(details);
}

/** The refusal a customer meets choosing transfer while no account is kept. */
export function refuseUnofferedTransfer() {
  return refuse("not_configured", m.unavailable);
}
