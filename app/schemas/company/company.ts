import { z } from "zod";
import * as messages from "~/messages";
import { cnpjCharacters, isValidCnpj } from "~/utils/cnpj";
import { isBrazilianPhone, isCep, phoneDigits } from "~/utils/contact";
import { EMAIL_MAX, EMAIL_PATTERN, normalizeEmail } from "../fields";
import { jsonObject } from "../json-body";

/**
 * The company identity (ADR 0045): one set of rules, read by the dashboard's "Empresa" form
 * (Conform, both sides) under camelCase names, by PUT /api/settings/company under snake_case
 * names, and by the model before it saves (`companyProblems`).
 */

const m = messages.company;
const f = m.fields;

/** The 26 states and the Distrito Federal. */
export const BRAZIL_STATES = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const; // prettier-ignore

/** What each field takes, as typed (masks and stray spaces included). */
export const COMPANY_LIMITS = {
  legalName: 150,
  cnpj: 24,
  address: 200,
  city: 80,
  state: 2,
  postalCode: 12,
  email: EMAIL_MAX,
  whatsapp: 25,
} as const;

export type CompanyField = keyof typeof COMPANY_LIMITS;
const FIELDS = Object.keys(COMPANY_LIMITS) as CompanyField[];

/** The identity, each field trimmed or null (not set). */
export type CompanyInput = Record<CompanyField, string | null>;

/** A new install: nothing set, nothing shown. */
export const NO_COMPANY: CompanyInput = Object.fromEntries(
  FIELDS.map((name) => [name, null]),
) as CompanyInput;

/**
 * Everything wrong with an identity, one message per field at most. All blank is fine (nothing
 * is shown); otherwise the razão social and the CNPJ are required, and every field given must
 * be well formed: the CNPJ's check digits, the UF, an 8-digit CEP, an e-mail, a phone with DDD.
 */
export function companyProblems(value: CompanyInput): { field: CompanyField; message: string }[] {
  const problems: { field: CompanyField; message: string }[] = [];
  const problem = (field: CompanyField, message: string) => problems.push({ field, message });
  if (FIELDS.every((name) => !value[name])) return problems;
  for (const name of FIELDS) {
    const given = value[name];
    if (!given) continue;
    if (given.length > COMPANY_LIMITS[name])
      problem(name, m.errors.tooLong(f[name], COMPANY_LIMITS[name]));
    else if (name === "cnpj" && !isValidCnpj(given)) problem(name, messages.documents.cnpjInvalid);
    else if (name === "state" && !BRAZIL_STATES.some((uf) => uf === given.toUpperCase()))
      problem(name, m.errors.stateInvalid);
    else if (name === "postalCode" && !isCep(given)) problem(name, m.errors.postalCodeInvalid);
    else if (name === "email" && !EMAIL_PATTERN.test(given)) problem(name, m.errors.emailInvalid);
    else if (name === "whatsapp" && !isBrazilianPhone(given))
      problem(name, m.errors.whatsappInvalid);
  }
  if (!value.legalName) problem("legalName", m.errors.legalNameRequired);
  if (!value.cnpj) problem("cnpj", m.errors.cnpjRequired);
  return problems;
}

/** One line of text: runs of spaces, tabs and line breaks become one space. */
const oneLine = (value: string | null) => value?.replace(/\s+/g, " ").trim() || null;

/**
 * How a well-formed identity is stored: the CNPJ's 14 characters, the CEP's and the WhatsApp's
 * digits (no country code), the UF and the CNPJ's letters in upper case, the e-mail in lower case.
 */
export function normalizeCompany(value: CompanyInput): CompanyInput {
  return {
    legalName: oneLine(value.legalName),
    cnpj: value.cnpj && cnpjCharacters(value.cnpj),
    address: oneLine(value.address),
    city: oneLine(value.city),
    state: value.state?.toUpperCase() ?? null,
    postalCode: value.postalCode?.replace(/\D/g, "") || null,
    email: value.email && normalizeEmail(value.email),
    whatsapp: value.whatsapp && phoneDigits(value.whatsapp),
  };
}

/** A text that may be left blank (null), trimmed. */
const optionalText = (label: string) =>
  z
    .string({ error: m.errors.invalidText(label) })
    .trim()
    .optional()
    .transform((value) => value || null);

const fieldRules = Object.fromEntries(FIELDS.map((name) => [name, optionalText(f[name])])) as {
  [K in CompanyField]: ReturnType<typeof optionalText>;
};

function checked<T extends z.ZodType<CompanyInput>>(
  schema: T,
  name = (field: CompanyField) => field as string,
) {
  return schema
    .superRefine((value, ctx) => {
      for (const { field, message } of companyProblems(value))
        ctx.addIssue({ code: "custom", path: [name(field)], message });
    })
    .transform(normalizeCompany);
}

/** The dashboard's "Empresa" form. */
export const companyFormSchema = checked(z.object(fieldRules));

/** The form's names → the API's names (`errors` of a 400 name the fields as sent). */
export const COMPANY_API_NAMES = {
  legalName: "legal_name",
  cnpj: "cnpj",
  address: "address",
  city: "city",
  state: "state",
  postalCode: "postal_code",
  email: "email",
  whatsapp: "whatsapp",
} as const satisfies Record<CompanyField, string>;

type ApiName = (typeof COMPANY_API_NAMES)[CompanyField];

/** The identity as the API shows it (GET answers this; a PUT starts from it). */
export type CompanyApiObject = Record<ApiName, string | null>;

export function companyApiObject(value: CompanyInput): CompanyApiObject {
  return Object.fromEntries(
    FIELDS.map((name) => [COMPANY_API_NAMES[name], value[name]]),
  ) as CompanyApiObject;
}

/**
 * PUT /api/settings/company: the identity under the API's names. A field left out keeps its
 * saved value (`saved`); null or "" clears it. A body that is not an object, or names none of
 * the fields, is refused.
 */
export function apiCompanySchema(saved: CompanyInput) {
  const savedApi = companyApiObject(saved);
  const merged = z
    .unknown()
    .transform((body, ctx) => {
      const source = jsonObject(body);
      if (!FIELDS.some((name) => COMPANY_API_NAMES[name] in source)) {
        ctx.addIssue({ code: "custom", message: m.errors.nothingToSave });
        return z.NEVER;
      }
      const out: Record<string, unknown> = {};
      for (const name of Object.values(COMPANY_API_NAMES)) {
        const value = name in source ? source[name] : savedApi[name];
        out[name] = value === null ? undefined : value;
      }
      return out;
    })
    .pipe(
      z.object(
        Object.fromEntries(
          FIELDS.map((name) => [COMPANY_API_NAMES[name], optionalText(f[name])]),
        ) as Record<ApiName, ReturnType<typeof optionalText>>,
      ),
    )
    .transform(
      (value) =>
        Object.fromEntries(
          FIELDS.map((name) => [name, value[COMPANY_API_NAMES[name]]]),
        ) as CompanyInput,
    );
  return checked(merged, (field) => COMPANY_API_NAMES[field]);
}
