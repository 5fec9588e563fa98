import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, login } from "./support";

/**
 * The catalogue's CSV export (ADR 0053): "CSV para Excel" downloads a `;` file that starts with a
 * BOM, and importing that very file in dry run changes nothing. Both links are plain downloads,
 * so the journey is the same with JavaScript off.
 */
test("CSV para Excel: a ;-separated file with a BOM whose dry run shows zero changes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  await page.goto("/admin/import");
  await expect(page.getByRole("link", { name: "Exportar catálogo (CSV)" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSV para Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogo-encaixa-\d{4}-\d{2}-\d{2}-excel\.csv$/);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const header = bytes.subarray(3).toString("utf8").split("\r\n")[0];
  expect(header).toMatch(/^code;name;manufacturer;category;/);
  expect(header).not.toContain(",");

  await page.getByLabel("Arquivo CSV", { exact: true }).setInputFiles({
    name: "catalogo-excel.csv",
    mimeType: "text/csv",
    buffer: bytes,
  });
  await expect(page.getByLabel("Apenas simular (não grava nada)")).toBeChecked();
  await page.getByRole("button", { name: "Enviar arquivo" }).click();
  const report = page.getByTestId("dry-run-report");
  await expect(report).toContainText("Simulação: nada foi gravado.", { timeout: 60_000 });
  await expect(report).toContainText(", 0 com erro.");
  const bodyRows = report.locator("tbody tr");
  await expect(bodyRows).not.toHaveCount(0);
  for (const row of await bodyRows.all()) {
    // A criar and A atualizar: zero on every line.
    await expect(row.locator("td").nth(0)).toHaveText("0");
    await expect(row.locator("td").nth(1)).toHaveText("0");
  }
  await expect(page.getByTestId("bad-rows")).toHaveCount(0);
});
