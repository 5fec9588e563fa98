import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login } from "./support";

/**
 * ADR 0062: a signed-in screen's 404 stays inside the app's shell — the main navigation, the
 * header — with the missing record named in pt-BR and a way back, JavaScript on and off.
 */

test.beforeEach(async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
});

async function expectShell(page: Page) {
  await expect(page.getByRole("navigation", { name: "Navegação principal" }).first()).toBeVisible();
  await expect(page.getByLabel("Menu do usuário")).toBeVisible();
  await expect(page.getByRole("search")).toBeVisible();
}

test("a missing vehicle: 'Veículo não encontrado' inside the shell, 404, back to the list", async ({
  page,
}) => {
  for (const path of ["/vehicles/999999", "/vehicles/abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Veículo não encontrado" }),
    ).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toHaveCount(0);
  }
  await page.locator("#main").getByRole("link", { name: "Voltar", exact: true }).click();
  await page.waitForURL(/\/vehicles$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Gerenciamento de Veículos" }),
  ).toBeVisible();
});

test("a missing customer's dialog: 'Cliente não encontrado' inside the shell, 404", async ({
  page,
}) => {
  const response = await page.goto("/customers/999999/edit");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Cliente não encontrado" }),
  ).toBeVisible();
  await expectShell(page);
  await expect(page.locator("main")).toHaveCount(1);
});
