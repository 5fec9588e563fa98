import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login, USER } from "./support";

/**
 * The parts back-office journey, with JavaScript on and off: an admin creates a part with two
 * alternative codes and three vehicles, a customer finds it by an alternative code typed loosely,
 * the admin renames it (seen on the detail page) and deletes it after confirming.
 */

/** Letters only: a code with a 19xx/20xx run of digits would be read as a description search. */
function letters(length: number): string {
  let out = "";
  while (out.length < length)
    out += Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "");
  return out.slice(0, length).toUpperCase();
}

async function filterParts(page: Page, code: string) {
  await page.goto(`/parts?q=${encodeURIComponent(code)}`);
  await expect(page.getByRole("heading", { name: "Gerenciamento de Peças" })).toBeVisible();
}

test("admin creates, edits and deletes a part that a customer finds by an alternative code", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name === "js-off" ? "OFF" : "ON"}${letters(6)}`;
  const code = `E2E-${stamp}`;
  const firstAlternative = `TRW-${stamp}`;
  const secondAlternative = `OE${stamp}9`;

  // --- The admin creates the part -----------------------------------------------------------
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/parts");
  await page.getByRole("link", { name: "Nova Peça" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova Peça" });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Código *", { exact: true }).fill(code);
  await dialog.getByLabel("Fabricante *", { exact: true }).fill("Fabricante E2E");
  await dialog.getByLabel("Nome *", { exact: true }).fill("Pastilha de teste E2E");
  await dialog.getByLabel("Categoria *", { exact: true }).selectOption({ label: "Freios" });
  await dialog.getByLabel("Código alternativo 1", { exact: true }).fill(firstAlternative);
  await dialog.getByLabel("Descrição 1", { exact: true }).fill("Equivalente TRW");
  await dialog.getByRole("button", { name: "Adicionar código" }).click();
  await dialog.getByLabel("Código alternativo 2", { exact: true }).fill(secondAlternative);

  await dialog.getByLabel("Buscar veículo", { exact: true }).fill("Scania");
  await dialog.getByRole("button", { name: "Filtrar veículos" }).click();
  const scania = dialog.getByRole("checkbox", { name: /Scania/ });
  await expect(dialog.getByRole("checkbox", { name: /Volkswagen/ })).toHaveCount(0);
  await expect(scania.first()).toBeVisible();
  // The round trip kept what was typed before it.
  await expect(dialog.getByLabel("Código alternativo 2", { exact: true })).toHaveValue(
    secondAlternative,
  );
  await expect(dialog.getByLabel("Código *", { exact: true })).toHaveValue(code);
  for (let i = 0; i < 3; i++) await scania.nth(i).check();
  await dialog
    .getByRole("textbox", { name: /^Observações para Scania/ })
    .first()
    .fill("Eixo traseiro");
  await expect(dialog.getByTestId("selected-vehicles")).toHaveText(
    testInfo.project.name === "js-off" ? "0 veículos selecionados" : "3 veículos selecionados",
  );
  await dialog.getByRole("button", { name: "Salvar", exact: true }).click();

  await expect(page).toHaveURL(/\/parts$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Peça criada com sucesso" }),
  ).toBeVisible();
  await filterParts(page, code);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row.getByTestId("vehicles-count")).toHaveText("3");
  await expect(row).toContainText(firstAlternative);
  await expect(row).toContainText(secondAlternative);

  // --- A customer finds it by an alternative code typed with dashes, in lower case ------------
  const customerContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "pt-BR",
  });
  const customer = await customerContext.newPage();
  await login(customer, USER.email, USER.password);
  const typed = `oe-${stamp.toLowerCase()}-9`;
  await customer.getByPlaceholder("Buscar peças por código...").fill(typed);
  await customer.getByPlaceholder("Buscar peças por código...").press("Enter");
  await expect(customer).toHaveURL(/\/search\?/);
  await expect(customer.getByTestId("part-code").filter({ hasText: code })).toBeVisible();
  await expect(customer.getByText(`Encontrado via código ${secondAlternative}`)).toBeVisible();
  await customerContext.close();

  // --- The admin renames it and sees the new name on the detail page --------------------------
  await filterParts(page, code);
  await page.getByRole("link", { name: `Editar a peça ${code}` }).click();
  const edit = page.getByRole("dialog", { name: `Editar Peça ${code}` });
  await expect(edit.getByLabel("Código alternativo 2", { exact: true })).toHaveValue(
    secondAlternative,
  );
  await edit.getByLabel("Nome *", { exact: true }).fill("Pastilha renomeada E2E");
  await edit.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Peça atualizada com sucesso" }),
  ).toBeVisible();

  await page.getByRole("link", { name: `Ver detalhes da peça ${code}` }).click();
  await expect(page.getByRole("heading", { name: code, level: 1 })).toBeVisible();
  await expect(page.getByTestId("part-name")).toHaveText("Pastilha renomeada E2E");
  await expect(page.getByText(firstAlternative)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Veículos compatíveis (3)" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Eixo traseiro" })).toBeVisible();

  // --- The admin deletes it, after confirming --------------------------------------------------
  await page.getByRole("link", { name: "Excluir", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Excluir peça ${code}` });
  await expect(confirm).toContainText("Tem certeza que deseja excluir esta peça?");
  await confirm.getByRole("button", { name: "Sim, excluir" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Peça excluída com sucesso" }),
  ).toBeVisible();
  await filterParts(page, code);
  await expect(page.getByText("Nenhuma peça encontrada")).toBeVisible();
});

test("a missing part is a 404 saying so", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const response = await page.goto("/parts/99999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Peça não encontrada" })).toBeVisible();
});
