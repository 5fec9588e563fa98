import { expect, test, type Page } from "@playwright/test";
import { ADMIN, choosePlanPayment, login, register, USER } from "../e2e/support";

const DIR = "docs/screens";

/** The whole page, as a phone scrolls it; the page must not scroll sideways. */
async function shoot(page: Page, name: string) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${name} rola para o lado`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
}

test("the landing", async ({ page }) => {
  await page.goto("/");
  await shoot(page, "landing");
});

test("search results for a code", async ({ page }) => {
  await login(page, USER.email, USER.password);
  await page.goto("/search?q=BKR6E&type=code");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shoot(page, "search-results");
});

test("a customer's invoices and the PIX page", async ({ page }, testInfo) => {
  await register(page, testInfo, "Oficina do Zé");
  await choosePlanPayment(page, "Profissional", "PIX");
  await page.waitForURL(/\/invoices\/\d+\/pix$/);
  const dialog = page.getByRole("dialog", { name: /Pagar fatura ENC-[\w-]+ com PIX/ });
  await dialog.getByLabel("CPF", { exact: true }).fill("529.982.247-25");
  await dialog.getByRole("button", { name: "Gerar QR Code" }).click();
  await expect(dialog.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
  await shoot(page, "pix");
  await page.goto("/invoices");
  await shoot(page, "invoices");
});

test("the admin's dashboard and invoices", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  await page.goto("/admin");
  await shoot(page, "admin");
  await page.goto("/admin-invoices");
  await shoot(page, "admin-invoices");
});
