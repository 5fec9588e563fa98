import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity, companyIdentity as companyTable } from "~db/schema";
import * as messages from "~/messages";
import {
  COMPANY_LIMITS,
  companyFormSchema,
  NO_COMPANY,
  type CompanyInput,
} from "~/schemas/company/company";
import { db } from "~/utils/db.server";
import { accepted, createUser } from "../../../tests/support/factories";
import {
  companyIdentity,
  companyLines,
  publicCompany,
  saveCompanyIdentity,
} from "./company.server";

const m = messages.company;

/** A whole identity as an admin types it: masks, stray spaces, mixed case. */
const TYPED: CompanyInput = {
  legalName: "  Encaixa   Tecnologia Ltda ",
  cnpj: "34.567.890/0001-30",
  address: "Av. Paulista, 1000\nSala 12, Bela Vista",
  city: "São Paulo",
  state: "sp",
  postalCode: "01310-100",
  email: "Contato@Encaixa.com.br",
  whatsapp: "+55 (11) 98765-4321",
};

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});
beforeEach(() => {
  db().delete(companyTable).run();
});

const stored = () => JSON.stringify(db().select().from(companyTable).all());

describe("the company identity", () => {
  it("with no row yet: nothing set, nothing shown", () => {
    expect(companyIdentity()).toEqual({ ...NO_COMPANY, updatedAt: null });
    expect(publicCompany()).toBeNull();
    expect(companyLines()).toEqual([]);
  });

  it("saves the identity normalised and records the admin's activity", () => {
    const saved = accepted(saveCompanyIdentity(TYPED, adminId));
    expect(saved).toMatchObject({
      legalName: "Encaixa Tecnologia Ltda",
      cnpj: "34567890000130",
      address: "Av. Paulista, 1000 Sala 12, Bela Vista",
      city: "São Paulo",
      state: "SP",
      postalCode: "01310100",
      email: "contato@encaixa.com.br",
      whatsapp: "11987654321",
    });
    expect(saved.updatedAt).toBeInstanceOf(Date);
    const logged = db()
      .select()
      .from(activity)
      .where(eq(activity.entity, "company_identity"))
      .all();
    expect(logged.at(-1)).toMatchObject({ actorId: adminId, action: m.activitySaved });
    // Saving it again (as stored) changes nothing: the stored form is a fixed point.
    const again = accepted(saveCompanyIdentity(saved, adminId));
    expect({ ...again, updatedAt: null }).toEqual({ ...saved, updatedAt: null });
    expect(db().select().from(companyTable).all()).toHaveLength(1);
  });

  it("shows the identity formatted, in lines for a footer or a receipt", () => {
    accepted(saveCompanyIdentity(TYPED, adminId));
    expect(publicCompany()).toEqual({
      legalName: "Encaixa Tecnologia Ltda",
      cnpj: "34.567.890/0001-30",
      address: "Av. Paulista, 1000 Sala 12, Bela Vista — São Paulo/SP — CEP 01310-100",
      email: "contato@encaixa.com.br",
      whatsapp: "(11) 98765-4321",
      whatsappUrl: "https://wa.me/5511987654321",
    });
    expect(companyLines()).toEqual([
      "Encaixa Tecnologia Ltda · CNPJ 34.567.890/0001-30",
      "Av. Paulista, 1000 Sala 12, Bela Vista — São Paulo/SP — CEP 01310-100",
      "contato@encaixa.com.br · WhatsApp (11) 98765-4321",
    ]);
  });

  it("leaves out the lines whose parts are not set", () => {
    accepted(
      saveCompanyIdentity(
        { ...NO_COMPANY, legalName: "Oficina X", cnpj: "11222333000181", city: "Recife" },
        adminId,
      ),
    );
    expect(companyLines()).toEqual(["Oficina X · CNPJ 11.222.333/0001-81", "Recife"]);
  });

  it("accepts an alphanumeric CNPJ and a landline WhatsApp", () => {
    const saved = accepted(
      saveCompanyIdentity(
        {
          ...NO_COMPANY,
          legalName: "Nova",
          cnpj: "12.abc.345/01de-35",
          whatsapp: "(11) 3456-7890",
        },
        adminId,
      ),
    );
    expect(saved).toMatchObject({ cnpj: "12ABC34501DE35", whatsapp: "1134567890" });
    expect(publicCompany()).toMatchObject({
      cnpj: "12.ABC.345/01DE-35",
      whatsapp: "(11) 3456-7890",
    });
  });

  it("every field blank clears it: nothing is shown again", () => {
    accepted(saveCompanyIdentity(TYPED, adminId));
    accepted(saveCompanyIdentity(NO_COMPANY, adminId));
    expect(publicCompany()).toBeNull();
    expect(companyLines()).toEqual([]);
  });

  it.each([
    [{ cnpj: "34.567.890/0001-31" }, "cnpj", messages.documents.cnpjInvalid],
    [{ cnpj: "11111111111111" }, "cnpj", messages.documents.cnpjInvalid],
    [{ cnpj: "34567890000130<script>" }, "cnpj", messages.documents.cnpjInvalid],
    [{ cnpj: null }, "cnpj", m.errors.cnpjRequired],
    [{ legalName: null }, "legalName", m.errors.legalNameRequired],
    [{ state: "XX" }, "state", m.errors.stateInvalid],
    [{ postalCode: "1310-100" }, "postalCode", m.errors.postalCodeInvalid],
    [{ postalCode: "01310-10a" }, "postalCode", m.errors.postalCodeInvalid],
    [{ email: "contato@encaixa" }, "email", m.errors.emailInvalid],
    [{ whatsapp: "98765-4321" }, "whatsapp", m.errors.whatsappInvalid],
    [{ whatsapp: "(01) 98765-4321" }, "whatsapp", m.errors.whatsappInvalid],
    [{ whatsapp: "(11) 88765-4321" }, "whatsapp", m.errors.whatsappInvalid],
    [{ whatsapp: "11 98765-4321 ramal 2" }, "whatsapp", m.errors.whatsappInvalid],
    [
      { legalName: "L".repeat(COMPANY_LIMITS.legalName + 1) },
      "legalName",
      m.errors.tooLong(m.fields.legalName, COMPANY_LIMITS.legalName),
    ],
    [
      { address: "A".repeat(COMPANY_LIMITS.address + 1) },
      "address",
      m.errors.tooLong(m.fields.address, COMPANY_LIMITS.address),
    ],
  ] as const)(
    "refuses %j on %s with its pt-BR message; nothing is stored",
    (change, field, message) => {
      const outcome = saveCompanyIdentity({ ...TYPED, ...change }, adminId);
      expect(outcome).toEqual({ ok: false, reason: "invalid_reference", message, field });
      expect(stored()).toBe("[]");
    },
  );
});

describe("the company form's schema", () => {
  it("turns the typed form into the stored identity", () => {
    const parsed = companyFormSchema.safeParse({ ...TYPED, address: "Rua A, 1", city: "" });
    expect(parsed.success && parsed.data).toMatchObject({
      address: "Rua A, 1",
      city: null,
      cnpj: "34567890000130",
      whatsapp: "11987654321",
    });
  });

  it("names every wrong field at once", () => {
    const parsed = companyFormSchema.safeParse({
      cnpj: "00.000.000/0001-00",
      email: "x",
      whatsapp: "123",
    });
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries(
      parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(issues).toEqual({
      legalName: m.errors.legalNameRequired,
      cnpj: messages.documents.cnpjInvalid,
      email: m.errors.emailInvalid,
      whatsapp: m.errors.whatsappInvalid,
    });
  });

  it("a blank form is fine: nothing set", () => {
    const parsed = companyFormSchema.safeParse({});
    expect(parsed.success && parsed.data).toEqual(NO_COMPANY);
  });
});
