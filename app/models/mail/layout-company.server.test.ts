import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companyIdentity as companyTable } from "~db/schema";
import { NO_COMPANY } from "~/schemas/company/company";
import { db } from "~/utils/db.server";
import { accepted, createUser } from "../../../tests/support/factories";
import { saveCompanyIdentity } from "../company/company.server";
import { mailIdentity, renderMail } from "./layout.server";

/** Every message's footer names the company the admin keeps (issue #27, ADR 0045). */

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});
beforeEach(() => {
  db().delete(companyTable).run();
});

const LAYOUT = { subject: "Assunto", heading: "Título", paragraphs: ["Texto."] };

describe("the mail footer's company identity", () => {
  it("carries no company line while none is kept", () => {
    expect(mailIdentity().companyLines).toEqual([]);
    expect(renderMail(LAYOUT).text).not.toContain("CNPJ");
  });

  it("carries razão social · CNPJ, the address and the contact, in both parts, escaped", () => {
    accepted(
      saveCompanyIdentity(
        {
          ...NO_COMPANY,
          legalName: "Peças & Cia Ltda",
          cnpj: "11222333000181",
          address: "Rua <A>, 10",
          city: "Recife",
          state: "PE",
          postalCode: "50000000",
          email: "contato@pecas.com.br",
          whatsapp: "81987654321",
        },
        adminId,
      ),
    );
    const lines = [
      "Peças & Cia Ltda · CNPJ 11.222.333/0001-81",
      "Rua <A>, 10 — Recife/PE — CEP 50000-000",
      "contato@pecas.com.br · WhatsApp (81) 98765-4321",
    ];
    expect(mailIdentity().companyLines).toEqual(lines);
    const { text, html } = renderMail(LAYOUT);
    const footer = text.slice(text.indexOf("\n--\n"));
    for (const line of lines) expect(footer).toContain(line);
    expect(html).toContain("Peças &amp; Cia Ltda · CNPJ 11.222.333/0001-81");
    expect(html).toContain("Rua &lt;A&gt;, 10");
    expect(html).not.toContain("Rua <A>");
  });
});
