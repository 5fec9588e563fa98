import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login } from "./support";

/**
 * /admin/import against the catalogue source simulator the e2e server mounts (150 items). Both
 * projects share one server: the first import of the run creates the parts, a later one finds
 * them all. Every control is a form post, and the page refreshes itself while an import runs
 * (revalidation with JavaScript, a meta refresh without), so each step works in both projects.
 */

async function openImport(page: Page) {
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  await page.goto("/admin/import");
  await expect(
    page.getByRole("heading", { name: "Importação de Dados da API", level: 1 }),
  ).toBeVisible();
}

async function expectCompleted(page: Page) {
  await expect(page.getByTestId("import-status")).toHaveText("Concluída", { timeout: 45_000 });
}

test("an admin adjusts the settings, imports the catalogue source and a second run creates nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openImport(page);

  await page.locator("#main").getByRole("link", { name: "Configurações" }).click();
  await expect(page).toHaveURL(/\/admin\/import\?config=1$/);
  // Out of range: the browser holds the form back (min/max), the server would refuse it too.
  await page.getByLabel("Páginas em paralelo").fill("25");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.locator("input[name=concurrentPages]:invalid")).toHaveCount(1);
  await expect(page.getByText("Configurações salvas")).toHaveCount(0);

  await page.getByLabel("Páginas em paralelo").fill("5");
  await page.getByLabel("Itens por lote").fill("30");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("throughput-estimate")).toContainText(
    "Vazão máxima estimada: 4.500 itens/min",
  );
  await expect(page.getByLabel("Itens por lote")).toHaveValue("30");
  await page.getByRole("button", { name: "Padrão" }).click();
  await expect(page.getByTestId("throughput-estimate")).toContainText("6.000 itens/min");
  await expect(page.getByLabel("Páginas em paralelo")).toHaveValue("10");

  await page.getByRole("button", { name: "Iniciar Importação" }).click();
  await expectCompleted(page);
  await expect(page.getByTestId("import-progress")).toContainText("150 de 150 itens (100%)");
  await expect(page.getByTestId("import-log")).toContainText("Importação concluída: 150 itens");

  // Again over the same catalogue: every part is found, none created.
  await page.getByRole("button", { name: "Iniciar Importação" }).click();
  await expectCompleted(page);
  await expect(page.getByTestId("import-created")).toContainText("Peças: 0");
  await expect(page.getByTestId("import-skipped")).toContainText("Peças: 150");
});

test("a CSV file: the dry run lists the bad line and writes nothing, then the import runs", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const prefix = testInfo.project.name === "js-on" ? "E2EON" : "E2EOFF";
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, `catalogo-${prefix}.csv`);
  writeFileSync(
    file,
    "\uFEFFcode;name;manufacturer;category;description;alternative_codes;brand;model;year_start;year_end;version;engine;fuel;notes\n" +
      `${prefix}-1;Filtro de óleo;Tecfil;Filtros;"Rosca 3/4"" ; alta";${prefix}-A|${prefix}-B;Fiat;Uno;2010;2012;Vivace 1.0;1.0 Fire;Flex;\n` +
      `${prefix}-1;Filtro de óleo;Tecfil;Filtros;;;Fiat;Palio;2011;2011;Attractive 1.4;1.4 Fire;Flex;Motor EVO\n` +
      `${prefix}-2;Vela;NGK;Ignição;;;Fiat;Uno;20x1;2012;Vivace 1.0;;;\n`,
  );
  await openImport(page);

  await page.getByLabel("Arquivo CSV", { exact: true }).setInputFiles(file);
  await expect(page.getByLabel("Apenas simular (não grava nada)")).toBeChecked();
  await page.getByRole("button", { name: "Enviar arquivo" }).click();
  const report = page.getByTestId("dry-run-report");
  await expect(report).toContainText("Simulação: nada foi gravado. 3 linhas lidas, 1 com erro.");
  await expect(report.getByRole("row", { name: /^Peças/ })).toContainText("1");
  await expect(report.getByRole("row", { name: /^Compatibilidades/ })).toContainText("4");
  await expect(page.getByTestId("bad-rows")).toContainText(
    'Linha 4 (year_start): ano inicial inválido ("20x1")',
  );

  await page.getByLabel("Arquivo CSV", { exact: true }).setInputFiles(file);
  await page.getByLabel("Apenas simular (não grava nada)").uncheck();
  await page.getByRole("button", { name: "Enviar arquivo" }).click();
  await expectCompleted(page);
  await expect(
    page.getByRole("heading", { name: `Arquivo CSV: catalogo-${prefix}.csv: Concluída` }),
  ).toBeVisible();
  await expect(page.getByTestId("import-created")).toContainText("Peças: 1");
  await expect(page.getByTestId("import-created")).toContainText("Compatibilidades: 4");
  await expect(page.getByTestId("import-log")).toContainText("Linha 4 (year_start)");

  await page.goto(`/parts?q=${prefix}-1`);
  await expect(page.getByRole("cell", { name: `${prefix}-1`, exact: true })).toBeVisible();
});

test("Limpar Tudo asks first, and Cancelar leaves everything as it was", async ({ page }) => {
  await openImport(page);
  await page.getByRole("link", { name: "Limpar Tudo" }).click();
  await expect(page).toHaveURL(/\/admin\/import\/limpar$/);
  const dialog = page.getByRole("dialog", { name: "Confirmar Limpeza" });
  await expect(dialog).toContainText(
    "Todos os veículos, peças e compatibilidades serão removidos de forma irreversível.",
  );
  await expect(dialog.getByRole("button", { name: "Sim, Limpar Tudo" })).toBeVisible();
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
