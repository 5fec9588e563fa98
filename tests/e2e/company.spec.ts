import { expect, test, type Page } from "@playwright/test";
import { ADMIN, submitLogin } from "./support";

/**
 * The dashboard's Empresa tab (issue #27, ADR 0045), JavaScript on and off: a CNPJ whose check
 * digits do not hold is refused on its field with what was typed kept; a valid identity is saved
 * with a toast and shows, formatted, in the landing's footer. The identity is put back as found.
 */

type CompanyObject = Record<string, string | null>;
const API = "/api/settings/company";

async function savedCompany(page: Page): Promise<CompanyObject> {
  const response = await page.request.get(API);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: CompanyObject };
  const { updated_at: _updatedAt, ...company } = data;
  return company;
}

test.describe("company identity", () => {
  let original: CompanyObject;

  test.beforeEach(async ({ page }) => {
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/(home|admin)/);
    original = await savedCompany(page);
  });

  test.afterEach(async ({ page, baseURL }) => {
    const response = await page.request.put(API, {
      data: original,
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(200);
  });

  test("the admin keeps the company, a wrong CNPJ refused first; the landing's footer shows it", async ({
    page,
  }, testInfo) => {
    const legalName = `Oficina E2E ${testInfo.project.name} Ltda`;
    await page.goto("/admin?tab=empresa");
    await expect(page.getByRole("heading", { name: "Dados da empresa" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Seções do painel" });
    await expect(tabs.getByRole("link", { name: "Empresa", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.getByLabel("Razão social", { exact: true }).fill(legalName);
    await page.getByLabel("CNPJ", { exact: true }).fill("34.567.890/0001-31");
    await page.getByLabel("Endereço", { exact: true }).fill("Rua das Peças, 42");
    await page.getByLabel("Cidade", { exact: true }).fill("Belo Horizonte");
    await page.getByLabel("UF", { exact: true }).selectOption("MG");
    await page.getByLabel("CEP", { exact: true }).fill("30130-000");
    await page.getByLabel("E-mail", { exact: true }).fill("contato@oficina-e2e.test");
    await page.getByLabel("WhatsApp", { exact: true }).fill("+55 31 99876-5432");
    await page.getByRole("button", { name: "Salvar dados da empresa" }).click();
    await expect(page.getByText("CNPJ inválido: confira os dígitos verificadores")).toBeVisible();
    await expect(page.getByLabel("Razão social", { exact: true })).toHaveValue(legalName);
    expect((await savedCompany(page)).legal_name).toBe(original.legal_name);

    await page.getByLabel("CNPJ", { exact: true }).fill("34.567.890/0001-30");
    await page.getByRole("button", { name: "Salvar dados da empresa" }).click();
    await expect(page.getByRole("status")).toHaveText(/Dados da empresa salvos/);
    await expect(page).toHaveURL(/\/admin\?tab=empresa$/);
    // Shown again as people write it.
    await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("(31) 99876-5432");
    expect(await savedCompany(page)).toMatchObject({
      legal_name: legalName,
      cnpj: "34567890000130",
      postal_code: "30130000",
      whatsapp: "31998765432",
    });

    await page.goto("/");
    const footer = page.getByTestId("company-identity");
    await expect(footer).toContainText(`${legalName} · CNPJ 34.567.890/0001-30`);
    await expect(footer).toContainText("Rua das Peças, 42 — Belo Horizonte/MG — CEP 30130-000");
    await expect(footer.getByRole("link", { name: "contato@oficina-e2e.test" })).toHaveAttribute(
      "href",
      "mailto:contato@oficina-e2e.test",
    );
    await expect(footer.getByRole("link", { name: "WhatsApp (31) 99876-5432" })).toHaveAttribute(
      "href",
      "https://wa.me/5531998765432",
    );
  });
});
