import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { ADMIN, login, newProjectContext } from "./support";

/** The account the e2e admin keeps for transfers (ADR 0044): a CNPJ whose check digits hold. */
export const BANK_DETAILS = {
  bank: "Banco Teste E2E (999)",
  agency: "4321-0",
  account: "123456-7",
  holder: "Encaixa Peças Ltda",
  cnpj: "11.222.333/0001-81",
  pixKey: "financeiro@encaixa.test",
} as const;

/** Fills and saves the "Transferência bancária" panel of /payment-methods as the signed-in admin. */
export async function saveBankDetails(admin: Page, details = BANK_DETAILS) {
  await admin.goto("/payment-methods");
  const panel = admin.locator("section#bank-transfer");
  await panel.getByLabel("Banco", { exact: true }).fill(details.bank);
  await panel.getByLabel("Agência", { exact: true }).fill(details.agency);
  await panel.getByLabel("Conta", { exact: true }).fill(details.account);
  await panel.getByLabel("Favorecido", { exact: true }).fill(details.holder);
  await panel.getByLabel("CNPJ do favorecido").fill(details.cnpj);
  await panel.getByLabel("Chave PIX (opcional)").fill(details.pixKey);
  await panel.getByRole("button", { name: "Salvar" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "Dados bancários salvos" }),
  ).toBeVisible();
  await expect(panel.getByTestId("gateway-status")).toHaveText("Configurado");
}

/**
 * Makes sure transfer is offered: the admin keeps the account, in a session of its own. Specs that
 * pick transfer call it first, whatever ran before them.
 */
export async function keepBankDetails(browser: Browser, testInfo: TestInfo) {
  const context = await newProjectContext(browser, testInfo);
  try {
    const admin = await context.newPage();
    await login(admin, ADMIN.email, ADMIN.password);
    await saveBankDetails(admin);
  } finally {
    await context.close();
  }
}
