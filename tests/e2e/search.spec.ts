import { expect, test } from "@playwright/test";
import { login, register, setDailySearches, USER } from "./support";

test.describe("part search", () => {
  test("by code from home, typed with dashes and lower case, then paging through the vehicles", async ({
    page,
  }) => {
    await login(page, USER.email, USER.password);
    await page.getByLabel("Código da peça").fill("br-123.456");
    await page.getByRole("button", { name: "Buscar", exact: true }).last().click();
    await page.waitForURL(/\/search\?/);
    const first = page.getByTestId("result-card").first();
    await expect(first.getByTestId("part-code")).toHaveText("BR123456");
    await expect(first.getByText("Códigos alternativos")).toBeVisible();
    await expect(first.getByText("TRW-BR123")).toBeVisible();
    await expect(page.getByText("Encontrado via código BR123456").first()).toBeVisible();
    // Vehicles come grouped by model, 6 groups a page (ADR 0035): BKR6E fits 10 models.
    await page.goto("/search?q=BKR6E&type=code");
    await expect(first.getByTestId("vehicle-page")).toHaveText("Página 1 de 2");
    const firstVehicle = await first.getByTestId("vehicle-list").locator("li").first().innerText();
    await first.getByRole("link", { name: "Próxima" }).click();
    await expect(page.getByTestId("result-card").first().getByTestId("vehicle-page")).toHaveText(
      "Página 2 de 2",
    );
    await expect(page).toHaveURL(/v\d+=2/);
    expect(
      await page
        .getByTestId("result-card")
        .first()
        .getByTestId("vehicle-list")
        .locator("li")
        .first()
        .innerText(),
    ).not.toBe(firstVehicle);
  });

  test("by description from the header box, accent- and plural-insensitive", async ({ page }) => {
    await login(page, USER.email, USER.password);
    await page.getByRole("searchbox", { name: "Buscar peças" }).fill("pastilhas freio gol");
    await page.getByRole("searchbox", { name: "Buscar peças" }).press("Enter");
    await page.waitForURL(/\/search\?/);
    await expect(page.getByText("Busca por descrição", { exact: true })).toBeVisible();
    await expect(page.getByTestId("result-card").first()).toBeVisible();
    await expect(page.getByTestId("results-heading")).toContainText("pastilhas freio gol");
  });

  test("cards past the third show their vehicles on demand", async ({ page }) => {
    await login(page, USER.email, USER.password);
    await page.goto("/search?q=pastilha+freio&type=description");
    const fourth = page.getByTestId("result-card").nth(3);
    await expect(page.getByTestId("result-card").first().getByTestId("vehicle-list")).toBeVisible();
    await expect(fourth.getByTestId("vehicle-list")).toHaveCount(0);
    const count = await fourth.getByTestId("vehicle-count").innerText();
    await fourth.getByTestId("show-vehicles").click();
    await page.waitForURL(/v\d+=1/);
    await expect(page.getByTestId("result-card").nth(3).getByTestId("vehicle-list")).toBeVisible();
    await expect(page.getByTestId("result-card").nth(3).getByTestId("vehicle-count")).toHaveText(
      count,
    );
  });

  test("an empty query explains itself, and an unknown code shows the empty state", async ({
    page,
  }) => {
    await login(page, USER.email, USER.password);
    await page.goto("/search?q=&from=results");
    await expect(page.getByRole("alert")).toHaveText("Digite algo para buscar");
    await page.goto("/search?q=ZZ9999999&type=code");
    await expect(page.getByTestId("empty-results")).toContainText(
      "Nenhuma peça encontrada com esse código",
    );
  });

  test("a customer with 3 searches left is warned and then stopped at zero", async ({
    page,
  }, testInfo) => {
    const account = await register(page, testInfo, "Cliente Três Buscas");
    await setDailySearches(account.email, 3);
    const search = async (code: string) => {
      await page.getByRole("searchbox", { name: "Buscar peças" }).fill(code);
      await page.getByRole("searchbox", { name: "Buscar peças" }).press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === code);
    };
    await page.goto("/home");
    await search("br-123.456");
    await expect(page.getByTestId("credits-low")).toHaveText(
      "Você tem apenas 2 buscas restantes hoje.",
    );
    await expect(page.getByTestId("credits-chip")).toHaveText("2 buscas restantes hoje");
    await search("psl55");
    await expect(page.getByTestId("credits-low")).toHaveText(
      "Você tem apenas 1 busca restante hoje.",
    );
    await search("br-123.456");
    await expect(page.getByTestId("credits-low")).toHaveText(
      "Você tem apenas 1 busca restante hoje.",
    );
    await search("bkr6e");
    await expect(page.getByTestId("credits-low")).toHaveText(
      "Você tem apenas 0 buscas restantes hoje.",
    );
    await search("wo-340");
    await expect(page.getByTestId("credits-exhausted")).toContainText(
      "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.",
    );
    await expect(page.getByTestId("result-card")).toHaveCount(0);
    await page.goto("/usage");
    await expect(page.getByTestId("usage-remaining")).toHaveText("0");
    await expect(page.getByText("Você atingiu o limite de buscas de hoje.")).toBeVisible();
  });

  test("by vehicle: brand, model and year narrow to the parts that fit", async ({
    page,
  }, testInfo) => {
    await login(page, USER.email, USER.password);
    await page.goto("/search/vehicle");
    const jsOff = testInfo.project.name === "js-off";
    const choose = async (label: string, value: string, param: string) => {
      await page.getByLabel(label, { exact: true }).selectOption(value);
      if (jsOff) await page.getByRole("button", { name: /Continuar|Ver peças/ }).click();
      await page.waitForURL((url) => url.searchParams.get(param) === value);
    };
    await choose("Marca", "Volkswagen", "brand");
    await choose("Modelo", "Gol", "model");
    await choose("Ano", "2015", "year");
    await expect(page.getByTestId("vehicle-parts-heading")).toContainText(
      "para Volkswagen Gol 2015",
    );
    await expect(page.getByText("Freios", { exact: true })).toBeVisible();
    await expect(page.getByText("BR123456")).toBeVisible();
  });
});
