import { expect, test } from "@playwright/test";
import { parseCount } from "./support";

/**
 * Issue #29 item 2, ADR 0057: a landing a parts shop can trust — the catalogue's size instead of
 * traffic counters, plan cards without the admin's badges, the company in the footer, a logo that
 * is not a language code, and a "Testar" box that answers for real. JavaScript on and off.
 */
test.describe("an honest landing", () => {
  test("figures tell the catalogue's size; no user or search counters", async ({ page }) => {
    await page.goto("/");
    const figures = page.locator("dl").filter({ hasText: "Peças Cadastradas" });
    for (const label of ["Peças Cadastradas", "Veículos Compatíveis", "Códigos Alternativos"]) {
      const value = figures
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd");
      await expect(value).toHaveText(/^\d{1,3}(\.\d{3})*$/);
      expect(parseCount(await value.innerText()), label).toBeGreaterThan(0);
    }
    await expect(page.locator("body")).not.toContainText(
      /Usuários Ativos|Consultas Diárias|Buscas Hoje/,
    );
  });

  test("public plan cards: no admin badge, no customer count, the free price is not its name", async ({
    page,
  }) => {
    await page.goto("/");
    const cards = page.getByTestId("plan-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator("#precos")).not.toContainText(/Plano ativo|Plano inativo|cliente/);
    const free = cards.filter({
      has: page.getByRole("heading", { name: "Gratuito", exact: true }),
    });
    await expect(free.locator("p").first()).toHaveText("R$ 0 para sempre");
  });

  test("the footer names the company with its CNPJ; the logo is a mark, not 'EN'", async ({
    page,
  }) => {
    await page.goto("/");
    const company = page.getByTestId("company-identity");
    await expect(company).toContainText(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    await expect(company).toContainText(/[A-Za-zÀ-ú ]+\/[A-Z]{2}/);
    await expect(company.getByRole("link", { name: /@/ })).toBeVisible();

    const home = page.locator("header").getByRole("link").first();
    await expect(home).toHaveAccessibleName(/Encaixa/);
    await expect(home.locator('svg[aria-hidden="true"]')).toHaveCount(1);
    await expect(home).not.toContainText(/^EN/);
  });

  test("'Testar' answers a demo code with name, category and vehicles, and invites sign-up", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByLabel("Código da peça para testar").fill("BR123456");
    await page.getByRole("button", { name: "Testar", exact: true }).click();

    const answer = page.getByTestId("teaser-found");
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("Pastilha de Freio Dianteira Cerâmica");
    await expect(answer).toContainText("Categoria: Freios");
    await expect(answer).toContainText(/Encaixa em \d+ veículos?/);
    const signUp = answer.getByRole("link", { name: "Criar conta grátis" });
    await expect(signUp).toHaveAttribute(
      "href",
      /^\/register\?redirectTo=%2Fsearch%3Fq%3DBR123456/,
    );
    // A teaser, not the list: no vehicle of the part is named.
    await expect(answer).not.toContainText(/Gol|Saveiro|SpaceFox/);

    // A GET form: the answer has its own address, JavaScript on or off.
    await expect(page).toHaveURL(/\/\?teste=BR123456$/);

    // Through the sign-up it goes on to the search of that code.
    await signUp.click();
    await expect(page).toHaveURL(/\/register\?redirectTo=/);
  });

  test("an alternative code says so; an unknown code: 'não encontramos' and the invite", async ({
    page,
  }) => {
    await page.goto("/");
    const input = page.getByLabel("Código da peça para testar");
    await input.fill("TRW-BR123");
    await page.getByRole("button", { name: "Testar", exact: true }).click();
    const found = page.getByTestId("teaser-found");
    await expect(found).toContainText("encontrada pelo código alternativo");
    await expect(found).toContainText(/Encaixa em \d+ veículos?/);

    await page.getByLabel("Código da peça para testar").fill("ZZ-NADA-0001");
    await page.getByRole("button", { name: "Testar", exact: true }).click();
    const missing = page.getByRole("status").filter({ hasText: "Não encontramos" });
    await expect(missing).toContainText('"ZZ-NADA-0001"');
    await expect(missing.getByRole("link", { name: "Criar conta grátis" })).toHaveAttribute(
      "href",
      "/register",
    );
  });
});
