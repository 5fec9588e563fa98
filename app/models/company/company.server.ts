import { eq } from "drizzle-orm";
import { companyIdentity as companyTable } from "~db/schema";
import { db, preparedOnce } from "~/utils/db.server";
import { formatCnpj } from "~/utils/cnpj";
import { formatCep, formatPhone } from "~/utils/contact";
import {
  companyProblems,
  NO_COMPANY,
  normalizeCompany,
  type CompanyInput,
} from "~/schemas/company/company";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, refuse, type Outcome } from "../outcome";

/**
 * The company behind the app (ADR 0045): one row an admin keeps on the dashboard's "Empresa"
 * tab. Receipts name it as the issuer, every e-mail's footer carries it, the landing's footer
 * shows it. Nothing is shown while it has no razão social: never a made-up company.
 */

const m = messages.company;
const ROW_ID = 1;

/** The identity as saved (null = not set), and when it was last saved. */
export type CompanyIdentity = CompanyInput & { updatedAt: Date | null };

/** What the public sees: the saved identity, formatted; only what is set. */
export type PublicCompany = {
  legalName: string;
  /** "11.222.333/0001-81" */
  cnpj: string | null;
  /** Address, city/UF and CEP in one line. */
  address: string | null;
  email: string | null;
  /** "(11) 98765-4321" */
  whatsapp: string | null;
  /** The chat's address (https://wa.me/55…), for a link. */
  whatsappUrl: string | null;
};

/** Every page of the landing and every e-mail reads it: prepared once per connection. */
const row = preparedOnce((database) =>
  database.select().from(companyTable).where(eq(companyTable.id, ROW_ID)).prepare(),
);

/** The admin's view: every field as saved, nothing filled in. */
export function companyIdentity(): CompanyIdentity {
  const saved = row().get();
  if (!saved) return { ...NO_COMPANY, updatedAt: null };
  const { id: _id, ...identity } = saved;
  return identity;
}

/** The identity as receipts, e-mails and the landing show it; null while there is no razão social. */
export function publicCompany(): PublicCompany | null {
  const saved = companyIdentity();
  if (!saved.legalName) return null;
  const place = m.place(saved.city, saved.state);
  const address = m.addressLine({
    address: saved.address,
    place: place || null,
    cep: saved.postalCode && formatCep(saved.postalCode),
  });
  return {
    legalName: saved.legalName,
    cnpj: saved.cnpj && formatCnpj(saved.cnpj),
    address: address || null,
    email: saved.email,
    whatsapp: saved.whatsapp && formatPhone(saved.whatsapp),
    whatsappUrl: saved.whatsapp && `https://wa.me/55${saved.whatsapp}`,
  };
}

/**
 * The identity in a few lines of text (an e-mail's footer, a receipt's issuer block): razão
 * social · CNPJ, then the address, then e-mail · WhatsApp; a line whose parts are not set is
 * left out. None at all while there is no identity.
 */
export function companyLines(company = publicCompany()): string[] {
  if (!company) return [];
  return [
    m.nameLine(company.legalName, company.cnpj),
    company.address ?? "",
    m.contactLine(company.email, company.whatsapp),
  ].filter(Boolean);
}

/**
 * Replaces the identity (the one row, created on the first save) and records who did it. Every
 * field blank clears it. Refused, with the field and its pt-BR message, when a field breaks the
 * rules of the identity's schema (a CNPJ whose check digits do not hold, say).
 */
export function saveCompanyIdentity(
  input: CompanyInput,
  actorId: number,
): Outcome<CompanyIdentity> {
  const [problem] = companyProblems(input);
  if (problem) return refuse("invalid_reference", problem.message, problem.field);
  const values = { ...normalizeCompany(input), updatedAt: new Date() };
  db().transaction((tx) => {
    tx.insert(companyTable)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: companyTable.id, set: values })
      .run();
    logActivity({
      actorId,
      type: "settings",
      action: m.activitySaved,
      entity: "company_identity",
      entityId: ROW_ID,
    });
  });
  return accept(companyIdentity());
}
