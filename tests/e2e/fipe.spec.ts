import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login } from "./support";

/**
 * "Importar FIPE" against the simulator the e2e server mounts (FIPE_SIMULATOR, no throttle).
 * Each project imports its own brand, so the two share the server without meeting.
 */
const PICKS = {
  "js-on": { brand: "Jeep", q: "4x2", version: "LONGITUDE 2.0 4x2 Flex 16V Aut." },
  "js-off": { brand: "Peugeot", q: "Griffe", version: "Griffe 1.6 Flex 16V 5p Aut." },
} as const;

/** Waits for the progress page to say the import ended: by itself with JS, by meta refresh without. */
async function expectCompleted(page: Page) {
  await expect(page).toHaveURL(/\/vehicles\/import-fipe\/\d+$/);
  const outcome = page.getByTestId("import-outcome");
  await expect(outcome).toContainText("Importação FIPE concluída", { timeout: 25_000 });
  await expect(page.getByTestId("import-status")).toHaveText("Concluída");
  return (await outcome.textContent()) ?? "";
}

async function startImport(page: Page, brand: string) {
  await expect(page.getByRole("heading", { name: "Importar FIPE", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carros", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("Marca", { exact: true }).selectOption({ label: brand });
  await page.getByRole("button", { name: "Iniciar importação" }).click();
}

test("an admin imports a FIPE brand, sees it finish, finds the vehicles, and a re-run adds none", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const pick = PICKS[testInfo.project.name as keyof typeof PICKS];
  await login(page, ADMIN.email, ADMIN.password);

  await page.goto("/vehicles?type=carros");
  await page.getByRole("link", { name: "Importar FIPE" }).click();
  await expect(page).toHaveURL(/\/vehicles\/import-fipe\?type=carros$/);
  await startImport(page, pick.brand);

  const first = await expectCompleted(page);
  expect(first).toMatch(/^Importação FIPE concluída\. Marcas: 1\. Registros: \d+\.$/);
  await expect(page.getByTestId("import-log")).toContainText(`Marca ${pick.brand}:`);

  await page.getByRole("link", { name: "Ver veículos importados" }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles\\?type=carros&brand=${pick.brand}$`));
  await page.goto(`/vehicles?type=carros&brand=${pick.brand}&q=${encodeURIComponent(pick.q)}`);
  await expect(page.getByText(pick.version, { exact: true }).first()).toBeVisible();

  await page.goto("/vehicles/import-fipe?type=carros");
  await startImport(page, pick.brand);
  expect(await expectCompleted(page)).toBe("Importação FIPE concluída. Marcas: 1. Registros: 0.");
});

test("the data-quality page lists its five checks for admins", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Qualidade dos dados" })
    .click();
  await expect(page).toHaveURL(/\/admin\/data-quality$/);
  await expect(page.getByRole("heading", { name: "Qualidade dos dados", level: 1 })).toBeVisible();
  for (const section of [
    "Códigos alternativos em mais de uma peça",
    "Peças sem veículos compatíveis",
    "Veículos sem peças",
    "Compatibilidades fora da faixa de anos",
    "Veículos duplicados",
  ]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  // The vehicles imported above have no parts yet: they are listed, each linking to its page.
  const vehiclesWithoutParts = page.getByTestId("vehicles-without-parts");
  await expect(vehiclesWithoutParts.getByTestId("vehicles-without-parts-count")).not.toHaveText(
    "0",
  );
  await expect(vehiclesWithoutParts.getByRole("link", { name: /^Ver:/ }).first()).toHaveAttribute(
    "href",
    /^\/vehicles\/\d+$/,
  );
});

test("a page that takes a while shows a progress bar until it arrives", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "without JavaScript the browser shows its own");
  await login(page, ADMIN.email, ADMIN.password);
  // The report over a large catalogue takes seconds; here its data is held back for 1.5 s.
  await page.route("**/admin/data-quality.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const bar = page.getByRole("progressbar", { name: "Carregando..." });
  await expect(bar).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Qualidade dos dados" })
    .click();
  await expect(bar).toBeVisible();
  await expect(page.getByRole("heading", { name: "Qualidade dos dados", level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
