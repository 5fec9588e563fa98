import { expect, test, type TestInfo } from "@playwright/test";
import { ADMIN, login } from "./support";

/** A name no other project or run of this suite uses (they share one server per run). */
function uniqueName(prefix: string, testInfo: TestInfo) {
  return `${prefix} ${testInfo.project.name} ${Date.now().toString(36)}`;
}

test.beforeEach(async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
});

test("admin creates, edits and deletes a category", async ({ page }, testInfo) => {
  const name = uniqueName("Categoria E2E", testInfo);
  await page.goto("/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categorias" })).toBeVisible();

  await page.getByRole("link", { name: "Nova Categoria" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome da categoria é obrigatório")).toBeVisible();

  await dialog.getByLabel("Nome", { exact: true }).fill(`  ${name}  `);
  await dialog.getByLabel("Descrição", { exact: true }).fill("Peças de teste");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Categoria criada com sucesso")).toBeVisible();
  await expect(page).toHaveURL(/\/categories$/);

  await page.getByLabel("Buscar por nome ou descrição").fill(name);
  await page.locator("#main").getByRole("button", { name: "Buscar", exact: true }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Peças de teste");
  await expect(row.getByRole("link", { name: `Ver peças: ${name}` })).toHaveAttribute(
    "href",
    /\/parts\?category=\d+$/,
  );

  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue(name);
  await dialog.getByLabel("Descrição", { exact: true }).fill("");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Categoria atualizada com sucesso")).toBeVisible();
  await expect(page).toHaveURL(/\/categories\?q=/);
  await expect(row).toContainText("Sem descrição");

  await row.getByRole("link", { name: `Excluir ${name}` }).click();
  await expect(dialog).toContainText(`"${name}"`);
  await expect(dialog).toContainText("Esta ação não pode ser desfeita.");
  await dialog.getByRole("button", { name: "Sim, excluir" }).click();
  await expect(page.getByText("Categoria excluída com sucesso")).toBeVisible();
  await expect(page.getByText("Nenhuma categoria encontrada")).toBeVisible();
});

test("deleting a category that parts use is refused with the reason", async ({ page }) => {
  await page.goto("/categories?q=Freios");
  await page.getByRole("link", { name: "Excluir Freios", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Sim, excluir" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    /^Não é possível excluir: (1 peça usa esta categoria\. Mova-a|\d+ peças usam esta categoria\. Mova-as) para outra categoria antes\.$/,
  );
  await page.goto("/categories?q=Freios");
  await expect(page.getByRole("row", { name: /Freios/ })).toBeVisible();

  // The static segment "categories" wins over /api/parts/:id, with the session cookie.
  const api = await page.request.get("/api/parts/categories?q=Freios");
  expect(api.status()).toBe(200);
  expect((await api.json()).data).toEqual([
    expect.objectContaining({ name: "Freios", parts_count: expect.any(Number) }),
  ]);
});

test("admin creates, edits, links parts to and deletes a vehicle", async ({ page }, testInfo) => {
  const model = uniqueName("Modelo", testInfo);
  await page.goto("/vehicles?type=carros");
  await expect(page.getByRole("link", { name: "Importar FIPE" })).toHaveAttribute(
    "href",
    "/vehicles/import-fipe?type=carros",
  );

  await page.getByRole("link", { name: "Novo Veículo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Preencha os campos obrigatórios").first()).toBeVisible();

  await dialog.getByLabel("Marca").selectOption("Fiat");
  await dialog.getByLabel("Modelo").fill(model);
  await dialog.getByLabel("Ano").fill("2021");
  await dialog.getByLabel("Versão").fill("1.0 Like");
  await dialog.getByLabel("Combustível").selectOption("Flex");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Veículo criado com sucesso")).toBeVisible();

  await page.getByLabel("Buscar", { exact: true }).fill(model);
  await page.getByRole("button", { name: "Filtrar" }).click();
  const label = `Fiat ${model} 2021 1.0 Like`;
  const row = page.getByRole("row", { name: new RegExp(model) });
  await expect(row).toContainText("Flex");

  await row.getByRole("link", { name: `Editar ${label}` }).click();
  await expect(dialog.getByLabel("Modelo")).toHaveValue(model);
  await dialog.getByLabel("Versão").fill("1.3 Drive");
  await dialog.getByLabel("Câmbio").selectOption("Manual");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Veículo atualizado com sucesso")).toBeVisible();
  await expect(row).toContainText("1.3 Drive");
  const edited = `Fiat ${model} 2021 1.3 Drive`;

  // Compatibility: search, tick a part, save — the search posts the form, so it works without JS.
  await row.getByRole("link", { name: `Compatibilidade: ${edited}` }).click();
  await dialog.getByLabel("Buscar peça por código ou nome").fill("BR123456");
  await dialog.getByRole("button", { name: "Buscar peças" }).click();
  await dialog
    .getByRole("checkbox", { name: /BR123456/ })
    .first()
    .check();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Compatibilidade salva com sucesso")).toBeVisible();

  await row.getByRole("link", { name: `Detalhes: ${edited}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver Peça BR123456" })).toHaveAttribute(
    "href",
    /^\/parts\/\d+$/,
  );
  await page.goBack();

  await page
    .getByRole("row", { name: new RegExp(model) })
    .getByRole("link", { name: `Excluir ${edited}` })
    .click();
  await expect(dialog).toContainText(
    "A compatibilidade com peças deste veículo também será removida",
  );
  await dialog.getByRole("button", { name: "Sim, excluir" }).click();
  await expect(page.getByText("Veículo excluído com sucesso")).toBeVisible();
  await expect(page.getByText("Nenhum veículo encontrado")).toBeVisible();
});

test("admin adds, renames and deletes a brand", async ({ page }, testInfo) => {
  const name = uniqueName("Marca", testInfo);
  await page.goto("/vehicles/brands");
  await expect(page.getByRole("heading", { level: 1, name: "Gerenciar Marcas" })).toBeVisible();
  await page.getByRole("link", { name: "Nova Marca" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Nome inválido")).toBeVisible();
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Marca criada com sucesso")).toBeVisible();

  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await dialog.getByLabel("Nome", { exact: true }).fill(`${name} Motors`);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Marca atualizada com sucesso")).toBeVisible();

  await page.getByRole("link", { name: `Excluir ${name} Motors` }).click();
  await expect(dialog).toContainText(`"${name} Motors"`);
  await dialog.getByRole("button", { name: "Sim, excluir" }).click();
  await expect(page.getByText("Marca excluída com sucesso")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("an unknown vehicle is a 404 page", async ({ page }) => {
  const response = await page.goto("/vehicles/999999999");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText("Página não encontrada").or(page.getByText("Veículo não encontrado")).first(),
  ).toBeVisible();
});
