import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companyIdentity } from "~db/schema";
import { saveCompanyIdentity } from "~/models/company/company.server";
import { NO_COMPANY } from "~/schemas/company/company";
import { db } from "~/utils/db.server";
import { accepted, createUser } from "../support/factories";
import { productionHandler } from "../support/route-manifest";

/** The landing's footer shows the company identity the admin keeps, and nothing made up without one. */

const LANDING_ROUTES = new Set(["routes/_landing", "routes/_landing._index"]);
const handle = await productionHandler({ routes: LANDING_ROUTES });

const footerOf = async () => {
  const response = await handle(
    new Request("http://localhost/", { headers: { Host: "localhost" } }),
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(html.indexOf('<footer id="contato"'), html.indexOf("</footer>"));
};

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});
beforeEach(() => {
  db().delete(companyIdentity).run();
});

describe("the landing's footer", () => {
  it("without a company kept: the copyright only, no made-up contact", async () => {
    const footer = await footerOf();
    expect(footer).toContain("Todos os direitos reservados");
    expect(footer).not.toContain("company-identity");
    expect(footer).not.toContain("CNPJ");
    expect(footer).not.toContain("@");
  });

  it("shows razão social · CNPJ, the address, the e-mail and a WhatsApp link", async () => {
    accepted(
      saveCompanyIdentity(
        {
          ...NO_COMPANY,
          legalName: "Encaixa Tecnologia Ltda",
          cnpj: "34567890000130",
          address: "Av. Paulista, 1000",
          city: "São Paulo",
          state: "SP",
          postalCode: "01310100",
          email: "contato@encaixa.com.br",
          whatsapp: "11987654321",
        },
        adminId,
      ),
    );
    const footer = await footerOf();
    expect(footer).toContain("Encaixa Tecnologia Ltda · CNPJ 34.567.890/0001-30");
    expect(footer).toContain("Av. Paulista, 1000 — São Paulo/SP — CEP 01310-100");
    expect(footer).toContain('href="mailto:contato@encaixa.com.br"');
    expect(footer).toContain('href="https://wa.me/5511987654321"');
    expect(footer).toContain("WhatsApp (11) 98765-4321");
  });
});
