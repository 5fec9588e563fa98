import { expect, type Page, test } from "@playwright/test";
import { BANK_DETAILS, saveBankDetails } from "./bank-details";
import { ADMIN, choosePlanPayment, login, newProjectContext, register } from "./support";

/**
 * Bank transfer end to end (issue #27, ADR 0044), JavaScript on and off: the admin keeps the
 * account on /payment-methods; a customer who picks transfer sees it with the amount and the
 * reference; "Pagar" on the invoice opens it again; the admin's "Marcar pago" starts the plan.
 */

const PLAN = "Profissional";
const JOURNEY_MS = 120_000;

function invoiceRow(page: Page, id: number) {
  return page
    .getByTestId("invoice-row")
    .filter({ has: page.getByRole("cell", { name: `#${id}`, exact: true }) });
}

async function expectTransferDetails(page: Page) {
  const dialog = page.getByRole("dialog", { name: /^Transferência bancária — fatura ENC-[\w-]+$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("transfer-amount")).toHaveText(/^R\$\s49,90$/);
  await expect(dialog.getByTestId("transfer-reference")).toHaveText(/^ENC-/);
  await expect(dialog.getByTestId("transfer-bank")).toHaveText(BANK_DETAILS.bank);
  await expect(dialog.getByTestId("transfer-agency")).toHaveText(BANK_DETAILS.agency);
  await expect(dialog.getByTestId("transfer-account")).toHaveText(BANK_DETAILS.account);
  await expect(dialog.getByTestId("transfer-holder")).toHaveText(BANK_DETAILS.holder);
  await expect(dialog.getByTestId("transfer-cnpj")).toHaveText(BANK_DETAILS.cnpj);
  await expect(dialog.getByTestId("transfer-pix-key")).toHaveText(BANK_DETAILS.pixKey);
  return (await dialog.getByTestId("transfer-reference").innerText()).trim();
}

test("admin keeps bank details, a customer pays by transfer, the admin marks it paid", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(JOURNEY_MS);
  let id = 0;
  const adminContext = await newProjectContext(browser, testInfo);
  try {
    const admin = await adminContext.newPage();
    await login(admin, ADMIN.email, ADMIN.password);

    // A CNPJ whose check digits do not hold is refused on its field, and nothing changes.
    await admin.goto("/payment-methods");
    // With JavaScript, type once the page is hydrated: a click while React attaches is lost.
    await admin.waitForLoadState("networkidle");
    const panel = admin.locator("section#bank-transfer");
    await panel.getByLabel("Banco", { exact: true }).fill(BANK_DETAILS.bank);
    await panel.getByLabel("CNPJ do favorecido").fill("11.222.333/0001-82");
    await panel.getByRole("button", { name: "Salvar" }).click();
    await expect(panel.getByText("CNPJ inválido: confira os dígitos verificadores")).toBeVisible();

    await saveBankDetails(admin);

    const customer = await register(page, testInfo, "Cliente Transferência E2E");
    await choosePlanPayment(page, PLAN, "Transferência bancária");
    await page.waitForURL(/\/invoices\/\d+\/transferencia$/);
    id = Number(new URL(page.url()).pathname.match(/\/invoices\/(\d+)\//)![1]);
    const reference = await expectTransferDetails(page);

    // Back on the list, "Pagar" opens the same bank details.
    await page.goto("/invoices");
    const row = invoiceRow(page, id);
    await expect(row).toContainText(reference);
    await row.getByRole("link", { name: /^Pagar fatura ENC-[\w-]+$/ }).click();
    await page.waitForURL(new RegExp(`/invoices/${id}/transferencia$`));
    await expectTransferDetails(page);

    // The admin finds the invoice by its reference and confirms the money.
    await admin.goto(`/admin-invoices?q=${encodeURIComponent(reference)}`);
    const adminRow = admin
      .getByTestId("invoice-row")
      .filter({ has: admin.getByRole("rowheader", { name: `#${id}` }) });
    await expect(adminRow).toContainText(customer.email);
    await adminRow.getByRole("link", { name: /^Marcar pago — fatura ENC-[\w-]+$/ }).click();
    const confirm = admin.getByRole("dialog", { name: /^Marcar fatura ENC-[\w-]+ como paga\?$/ });
    await confirm.getByRole("button", { name: "Sim, marcar como paga" }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: /Fatura ENC-[\w-]+ marcada como paga/ }),
    ).toBeVisible();
  } finally {
    await adminContext.close();
  }

  await page.goto("/settings?tab=planos");
  await expect(page.getByTestId("settings-current-plan")).toHaveText(PLAN);
  await page.goto("/invoices");
  await expect(invoiceRow(page, id).getByTestId("invoice-status")).toHaveText("Aprovado");
});
