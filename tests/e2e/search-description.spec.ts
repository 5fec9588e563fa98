import { expect, test } from "@playwright/test";
import { login, USER } from "./support";

/**
 * Description results (issue #25) on a phone, with JavaScript on and off: what the query was
 * understood as, the true total and its pages, filters in the URL, and no dead end.
 */
test.use({ viewport: { width: 360, height: 760 } });

test.describe("description search", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, USER.email, USER.password);
  });

  test("a query with the car in it says which car, badges the parts that fit, and the car can be removed", async ({
    page,
  }) => {
    await page.goto("/search?q=pastilha+freio+gol+2015&type=description&from=results");
    await expect(page.getByTestId("understood-vehicle")).toHaveText(
      "Peças que servem em Volkswagen Gol 2015",
    );
    const first = page.getByTestId("result-card").first();
    await expect(first.getByTestId("fits-vehicle")).toHaveText("Serve em Volkswagen Gol 2015");
    // Vehicles grouped by model with year ranges, the searched one marked.
    await expect(first.getByTestId("vehicle-list")).toContainText(/Gol G6 2013–2016/);
    await expect(first.getByText("serve no veículo buscado")).toBeVisible();
    const narrowed = Number(
      (await page.getByTestId("results-heading").innerText()).match(/^(\d+)/)![1],
    );

    await page.getByTestId("remove-vehicle").click();
    await page.waitForURL((url) => url.searchParams.get("q") === "pastilha freio");
    await expect(page.getByTestId("understood")).toHaveCount(0);
    const all = Number((await page.getByTestId("results-heading").innerText()).match(/^(\d+)/)![1]);
    expect(all).toBeGreaterThan(narrowed);
    await expect(page.getByTestId("fits-vehicle")).toHaveCount(0);
  });

  test("every result is reachable: the true total, 20 a page, and page 2", async ({ page }) => {
    await page.goto("/search?q=pastilha+freio&type=description&from=results");
    await expect(page.getByTestId("results-heading")).toHaveText(
      /^\d+ peças para "pastilha freio"$/,
    );
    const total = Number(
      (await page.getByTestId("results-heading").innerText()).match(/^(\d+)/)![1],
    );
    expect(total).toBeGreaterThan(20);
    await expect(page.getByTestId("result-card")).toHaveCount(20);
    await expect(page.getByTestId("page-range")).toHaveText(`Mostrando 1–20 de ${total} peças`);
    const firstCode = await page.getByTestId("part-code").first().innerText();

    await page.getByTestId("results-pagination").getByRole("link", { name: "Próxima" }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect(page).toHaveURL(/q=pastilha\+freio/);
    await expect(page).toHaveURL(/type=description/);
    await expect(page.getByTestId("page-range")).toHaveText(
      `Mostrando 21–${Math.min(40, total)} de ${total} peças`,
    );
    await expect(
      page.getByTestId("results-pagination").locator('[aria-current="page"]'),
    ).toHaveText("2");
    await expect(page.getByTestId("part-code").first()).not.toHaveText(firstCode);

    await page
      .getByTestId("results-pagination")
      .getByRole("link", { name: "Ir para a página 1" })
      .click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await expect(page.getByTestId("part-code").first()).toHaveText(firstCode);
  });

  test("a filter narrows the results, shows as chosen, and can be removed", async ({ page }) => {
    await page.goto("/search?q=pastilha+freio&type=description&from=results");
    const heading = page.getByTestId("results-heading");
    const before = await heading.innerText();
    await page.getByTestId("filters-toggle").click();
    const bosch = page.getByTestId("facet-manufacturer").getByRole("link", { name: /^Bosch/ });
    const count = (await bosch.innerText()).match(/(\d+)\s*$/)![1];
    await bosch.click();
    await page.waitForURL(/manufacturer=Bosch/);
    await expect(heading).toHaveText(`${count} peças para "pastilha freio"`);
    const chip = page.getByRole("link", { name: "Remover filtro Fabricante da peça: Bosch" });
    await expect(chip).toBeVisible();
    for (const card of await page.getByTestId("result-card").all())
      await expect(card.getByText("Fabricante: Bosch")).toBeVisible();

    await chip.click();
    await page.waitForURL((url) => !url.searchParams.has("manufacturer"));
    await expect(heading).toHaveText(before);
  });

  test("a search that finds nothing says what it tried and offers searches that find parts", async ({
    page,
  }) => {
    await page.goto("/search?q=pastilha+freio+palio+1990&type=description&from=results");
    const empty = page.getByTestId("empty-results");
    await expect(empty).toContainText("Nenhuma peça encontrada");
    await expect(page.getByTestId("tried")).toContainText("Veículo: Fiat Palio 1990");
    await expect(empty).toContainText("Dicas para buscar por descrição");
    // Tips that fit a description search (issue #29): fewer words, the common name; none on codes.
    await expect(empty).toContainText("Use menos palavras");
    await expect(page.getByText(/Digite o código/)).toHaveCount(0);
    const withoutVehicle = page.getByTestId("suggestion-without_vehicle");
    await expect(withoutVehicle).toContainText("sem o veículo:");
    await withoutVehicle.getByRole("link").click();
    await page.waitForURL((url) => url.searchParams.get("q") === "pastilha freio");
    await expect(page.getByTestId("result-card").first()).toBeVisible();
  });

  test("a misspelt word is corrected and says so", async ({ page }) => {
    await page.goto("/search?q=pastilah+freio&type=description&from=results");
    await expect(page.getByTestId("corrected")).toHaveText(
      "Mostrando resultados para pastilha freio",
    );
    await expect(page.getByTestId("result-card").first()).toBeVisible();
  });
});
