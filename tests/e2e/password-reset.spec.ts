import { expect, test, type Page } from "@playwright/test";
import { newProjectContext, openUserMenu, register, submitLogin } from "./support";

/**
 * "Esqueci minha senha" (issue #27), with JavaScript on and off: the link on /login, the message
 * in the local mail catcher (/mail-sim), the new password, signed in; the old password and the
 * other sessions no longer work, and the link works once.
 */

/** The reset link of the newest message to `email` in the catcher (the mail job sends it soon). */
async function resetLinkFromCatcher(page: Page, email: string): Promise<string> {
  const row = page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: "redefinição de senha" })
    .first();
  await expect(async () => {
    await page.goto("/mail-sim");
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await row.getByRole("link").first().click();
  const text = await page.locator("pre").first().innerText();
  expect(text).toContain("válido por 30 minutos");
  const link = /https?:\/\/[^\s"<>]+\/redefinir-senha\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link, "a reset link in the message").toBeTruthy();
  return new URL(link!).pathname;
}

test("forgot password → message in the catcher → new password → signed in", async ({
  page,
  browser,
}, testInfo) => {
  const account = await register(page, testInfo, "Cliente Esquecido");
  // `page` keeps the session opened at sign-up; the reset happens in another browser.
  const other = await newProjectContext(browser, testInfo);
  const resetPage = await other.newPage();

  await resetPage.goto("/login");
  await resetPage.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(resetPage).toHaveURL(/\/esqueci-senha$/);
  await resetPage.getByLabel("E-mail", { exact: true }).fill(account.email);
  await resetPage.getByRole("button", { name: "Enviar link" }).click();
  await expect(resetPage.getByRole("heading", { name: "Verifique seu e-mail" })).toBeVisible();

  // An unknown e-mail gets the very same page.
  await resetPage.goto("/esqueci-senha");
  await resetPage.getByLabel("E-mail", { exact: true }).fill(`ninguem-${account.email}`);
  await resetPage.getByRole("button", { name: "Enviar link" }).click();
  await expect(resetPage.getByRole("heading", { name: "Verifique seu e-mail" })).toBeVisible();

  const path = await resetLinkFromCatcher(resetPage, account.email);
  await resetPage.goto(path);
  await expect(resetPage.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();
  await resetPage.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
  await resetPage.getByLabel("Confirmar nova senha", { exact: true }).fill("nova-senha-2");
  await resetPage.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(resetPage.getByText("As senhas não coincidem", { exact: true })).toBeVisible();

  await resetPage.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
  await resetPage.getByLabel("Confirmar nova senha", { exact: true }).fill("nova-senha-1");
  await resetPage.getByRole("button", { name: "Salvar nova senha" }).click();
  await resetPage.waitForURL(/\/home$/);
  await expect(resetPage.getByText(/^Senha alterada!/)).toBeVisible();
  await expect(resetPage.getByLabel("Menu do usuário")).toBeVisible();

  // The session opened at sign-up was revoked.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);

  // The link works once.
  await resetPage.goto(path);
  await expect(resetPage.getByRole("heading", { name: "Link inválido" })).toBeVisible();
  await expect(resetPage.getByRole("link", { name: "Pedir um novo link" })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await resetPage.goto("/home");
  await openUserMenu(resetPage);
  await resetPage.getByRole("button", { name: "Sair", exact: true }).click();
  await submitLogin(resetPage, account.email, account.password);
  await expect(
    resetPage.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos" }),
  ).toBeVisible();
  await submitLogin(resetPage, account.email, "nova-senha-1");
  await resetPage.waitForURL(/\/home$/);
  await other.close();
});
