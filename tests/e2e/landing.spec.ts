import { expect, test } from "@playwright/test";
import { parseCount } from "./support";

test.describe("landing", () => {
  test("shows the three plans with prices and actions", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("plan-card");
    // Other journeys may add plans of their own; the three seeded ones must be there.
    await expect(cards.getByRole("heading", { level: 3 })).toContainText([
      "Gratuito",
      "Profissional",
      "Enterprise",
    ]);

    const free = cards.filter({
      has: page.getByRole("heading", { name: "Gratuito", exact: true }),
    });
    await expect(free).toHaveCount(1);
    // The first paragraph of a card is its price line; the name already says "Gratuito" (ADR 0057).
    await expect(free.locator("p").first()).toHaveText("R$ 0 para sempre");
    await expect(free).not.toContainText("/mês");
    await expect(free.getByRole("link", { name: /^Começar Grátis/ })).toHaveAttribute(
      "href",
      "/register",
    );

    const pro = cards.filter({
      has: page.getByRole("heading", { name: "Profissional", exact: true }),
    });
    await expect(pro.locator("p").first()).toHaveText("R$ 49,90/mês");
    await expect(pro.getByRole("link", { name: /^Assinar/ })).toHaveAttribute("href", "/register");

    const enterprise = cards.filter({
      has: page.getByRole("heading", { name: "Enterprise", exact: true }),
    });
    await expect(enterprise.locator("p").first()).toHaveText("R$ 199,90/mês");
    await expect(enterprise.getByRole("link", { name: /^Assinar/ })).toHaveAttribute(
      "href",
      "/register",
    );

    for (const card of [free, pro, enterprise]) {
      await expect(card.getByRole("link", { name: /^Mais detalhes/ })).toBeVisible();
    }

    // One unit for credits (ADR 0048): every card gives its searches a day, never a month.
    await expect(free).toContainText("50 buscas por dia");
    await expect(pro).toContainText("200 buscas por dia");
    await expect(enterprise).toContainText("Buscas ilimitadas");
    await expect(cards.filter({ hasText: /consultas por mês/i })).toHaveCount(0);
  });

  test("shows the catalogue's size in three live figures, and no traffic counters", async ({
    page,
  }) => {
    await page.goto("/");
    const counter = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd");

    for (const label of ["Peças Cadastradas", "Veículos Compatíveis", "Códigos Alternativos"]) {
      const dd = counter(label);
      await expect(dd).toHaveCount(1);
      const text = (await dd.innerText()).trim();
      const value = parseCount(text);
      expect(Number.isNaN(value), `${label}: '${text}' não é um número`).toBe(false);
      expect(value, label).toBeGreaterThan(0);
    }
    // ADR 0057: how many users or searches there are today tells a visitor nothing about a part.
    await expect(page.locator("main")).not.toContainText(/Usuários Ativos|Buscas Hoje/);
  });

  test("'Mais detalhes' opens the plan dialog as a route and closes it", async ({ page }) => {
    await page.goto("/");
    const pro = page
      .getByTestId("plan-card")
      .filter({ has: page.getByRole("heading", { name: "Profissional", exact: true }) });
    await pro.getByRole("link", { name: /^Mais detalhes/ }).click();

    await page.waitForURL(/\/planos\/\d+$/);
    const dialog = page.getByRole("dialog", { name: "Profissional" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Preço");
    await expect(dialog).toContainText("R$ 49,90/mês");
    // One unit for credits (ADR 0048): the plan's capacity in searches a day.
    await expect(dialog).toContainText("Limite de buscas");
    await expect(dialog).toContainText("200 buscas por dia");
    await expect(dialog).not.toContainText(/consultas por mês|Créditos por mês/);
    // Customers and status are the admin's business (ADR 0057).
    await expect(dialog).not.toContainText(/Clientes ativos|Plano ativo/);
    await expect(dialog.getByRole("heading", { name: "Recursos incluídos" })).toBeVisible();
    await expect(dialog.getByRole("listitem").first()).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Políticas" })).toBeVisible();
    const action = dialog.getByRole("link", { name: "Criar Conta / Assinar" });
    // Signing up from a plan's dialog comes back to subscribing to that plan.
    await expect(action).toHaveAttribute(
      "href",
      /^\/register\?redirectTo=%2Fsettings%2Fplano%2F\d+$/,
    );

    await dialog.getByRole("link", { name: "Fechar" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("plan-card").first()).toBeVisible();

    // The free plan's dialog, opened straight from its address, prices it "R$ 0 para sempre".
    const free = page
      .getByTestId("plan-card")
      .filter({ has: page.getByRole("heading", { name: "Gratuito", exact: true }) });
    const href = await free.getByRole("link", { name: /^Mais detalhes/ }).getAttribute("href");
    expect(href).toMatch(/^\/planos\/\d+$/);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    const freeDialog = page.getByRole("dialog", { name: "Gratuito" });
    await expect(freeDialog).toBeVisible();
    await expect(freeDialog.locator("dl")).toContainText("R$ 0 para sempre");
    await expect(freeDialog.getByRole("link", { name: "Criar Conta / Assinar" })).toBeVisible();
  });

  test("the test box answers a code, clears the field, and asks for a code when empty", async ({
    page,
  }) => {
    await page.goto("/");
    const input = page.getByPlaceholder("Experimente: BR123456");
    await input.fill("BR123456");
    await page.getByRole("button", { name: "Testar", exact: true }).click();

    // The answer itself is landing-honest.spec's; here, that it comes and the box resets.
    const notice = page.getByRole("status").filter({ hasText: "BR123456" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Criar conta grátis" })).toHaveAttribute(
      "href",
      /^\/register/,
    );
    await expect(page.getByPlaceholder("Experimente: BR123456")).toHaveValue("");

    // Submitted empty, it asks for a code instead.
    await page.getByRole("button", { name: "Testar", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Digite um código de peça para testar" }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "BR123456" })).toHaveCount(0);
  });
});
