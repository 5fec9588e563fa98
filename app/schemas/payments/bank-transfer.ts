import { z } from "zod";
import * as messages from "~/messages";
import { cnpjCharacters, isValidCnpj } from "~/utils/cnpj";

/**
 * The bank details on "Formas de pagamento" (ADR 0044). Every field blank means "no transfer":
 * the form's way of turning it off. Otherwise bank, agência, conta, favorecido and a CNPJ whose
 * check digits hold are required; the PIX key is optional.
 */

const m = messages.bankTransfer;

export const BANK_MAX = 100;
export const AGENCY_MAX = 20;
export const ACCOUNT_MAX = 30;
export const HOLDER_MAX = 150;
/** Fourteen characters with their mask and a few stray spaces. */
export const CNPJ_INPUT_MAX = 24;
export const PIX_KEY_MAX = 100;

/** Digits, and a check digit (a digit or X) after a hyphen: "1234", "1234-5". */
const AGENCY_PATTERN = /^\d{1,6}(-[\dX])?$/i;
/** Digits (a few banks write the operation with dots), then the check digit: "12345-6", "013.00012345-6". */
const ACCOUNT_PATTERN = /^\d[\d.]{0,24}(-[\dX]{1,2})?$/i;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: m.tooLong(max) })
    .optional()
    .transform((value) => value ?? "");

export const bankTransferSchema = z
  .object({
    bank: text(BANK_MAX),
    agency: text(AGENCY_MAX),
    account: text(ACCOUNT_MAX),
    holder: text(HOLDER_MAX),
    cnpj: text(CNPJ_INPUT_MAX),
    pixKey: text(PIX_KEY_MAX),
  })
  .superRefine((value, ctx) => {
    if (Object.values(value).every((field) => field === "")) return;
    const problem = (path: keyof typeof value, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!value.bank) problem("bank", m.bankRequired);
    if (!value.agency) problem("agency", m.agencyRequired);
    else if (!AGENCY_PATTERN.test(value.agency)) problem("agency", m.agencyInvalid);
    if (!value.account) problem("account", m.accountRequired);
    else if (!ACCOUNT_PATTERN.test(value.account)) problem("account", m.accountInvalid);
    if (!value.holder) problem("holder", m.holderRequired);
    if (!value.cnpj) problem("cnpj", m.cnpjRequired);
    else if (!isValidCnpj(value.cnpj)) problem("cnpj", messages.documents.cnpjInvalid);
  })
  .transform((value) => ({
    ...value,
    agency: value.agency.toUpperCase(),
    account: value.account.toUpperCase(),
    cnpj: cnpjCharacters(value.cnpj),
  }));
