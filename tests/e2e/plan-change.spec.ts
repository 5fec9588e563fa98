import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../support/receipt-text";
import { choosePlanPayment, register } from "./support";

/**
 * Fair plan changes (ADR 0046), JavaScript on and off: a customer who just paid Profissional
 * upgrades to Enterprise and is charged the price less the unused days (the whole period here),
 * which the dialog says before paying and the receipt shows as its own line; then a downgrade
 * back is scheduled for the end of the new period, shown on /settings, and cancelled.
 */

/** A journey signs up, pays twice through a simulator and reads several pages on a busy box. */
const JOURNEY_MS = 180_000;
const MERCADO_PAGO = "Cartão de crédito (Mercado Pago)";
const NBSP = /\u00a0/g;

/** Mercado Pago's checkout (the simulator): checks the total and pays, back on /invoices. */
async function payAtMercadoPago(page: Page, total: RegExp): Promise<number> {
  await page.waitForURL(/\/mp-sim\/checkout\/v1\/redirect\?pref-id=/);
  await expect(page.getByText(total)).toBeVisible();
  await page.getByRole("button", { name: "Pagar (aprovado)" }).click();
  await page.waitForURL(/\/invoices\?payment=success&invoice=\d+/);
  return Number(new URL(page.url()).searchParams.get("invoice"));
}

function planCard(page: Page, planName: string) {
  return page
    .getByTestId("settings-plan-card")
    .filter({ has: page.getByRole("heading", { name: planName, exact: true }) });
}

test("an upgrade credits the unused days, says so before paying, and the receipt carries it; a downgrade waits and can be cancelled", async ({
  page,
}, testInfo) => {
  test.setTimeout(JOURNEY_MS);
  await register(page, testInfo, "Cliente Upgrade");
  await choosePlanPayment(page, "Profissional", MERCADO_PAGO);
  await payAtMercadoPago(page, /^Total: R\$\s49,90$/);

  // The upgrade: the whole period just paid is unused, so all of R$ 49,90 is credited.
  await page.goto("/settings?tab=planos");
  await expect(page.getByTestId("settings-current-plan")).toHaveText("Profissional");
  await planCard(page, "Enterprise")
    .getByRole("link", { name: /Alterar Plano/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Assinar o plano Enterprise" });
  await expect(dialog).toBeVisible();
  const credit = dialog.getByTestId("plan-change-credit");
  await expect(credit).toHaveText(/^Crédito do plano atual: R\$\s49,90 · A pagar: R\$\s150,00$/);
  expect((await credit.textContent())!.replace(NBSP, " ")).toBe(
    "Crédito do plano atual: R$ 49,90 · A pagar: R$ 150,00",
  );
  await dialog.getByLabel(MERCADO_PAGO, { exact: true }).check();
  await dialog.getByRole("button", { name: "Confirmar" }).click();

  // Mercado Pago charges the amount due, not the plan's price.
  const id = await payAtMercadoPago(page, /^Total: R\$\s150,00$/);
  const row = page
    .getByTestId("invoice-row")
    .filter({ has: page.getByRole("cell", { name: `#${id}`, exact: true }) });
  await expect(row.getByTestId("invoice-status")).toHaveText("Aprovado");
  await expect(row).toContainText(/R\$\s150,00/);

  // The receipt: the credit as its own line, the total the amount paid.
  const receiptLink = row.getByRole("link", { name: /^Recibo — fatura ENC-[\w-]+$/ });
  const href = await receiptLink.getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(Buffer.from(await pdf.body()));
  expect(text).toContain("Crédito do plano anterior");
  expect(text).toContain("– R$ 49,90");
  expect(text).toContain("R$ 150,00");

  // A new period started with Enterprise.
  await page.goto("/settings?tab=planos");
  await expect(page.getByTestId("settings-current-plan")).toHaveText("Enterprise");
  const validUntil = (await page
    .getByRole("region", { name: "Plano atual" })
    .getByText(/^Válido até \d{2}\/\d{2}\/\d{4}$/)
    .textContent())!;
  const endDate = validUntil.replace("Válido até ", "");

  // The downgrade back charges nothing and waits for the period's end.
  await planCard(page, "Profissional")
    .getByRole("link", { name: /Alterar Plano/ })
    .click();
  const back = page.getByRole("dialog", { name: "Assinar o plano Profissional" });
  await expect(back.getByTestId("plan-change-schedule")).toContainText(endDate);
  await expect(back.getByTestId("plan-change-credit")).toHaveCount(0);
  await back.getByLabel(MERCADO_PAGO, { exact: true }).check();
  await back.getByRole("button", { name: "Agendar mudança" }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  const scheduled = page.getByTestId("settings-scheduled-change");
  await expect(scheduled).toHaveText(`Mudança para Profissional agendada para ${endDate}`);
  await expect(page.getByTestId("settings-current-plan")).toHaveText("Enterprise");

  // Cancelled, after a confirmation.
  await page.getByRole("link", { name: "Cancelar mudança" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancelar mudança agendada" });
  await expect(confirm).toContainText(
    `Cancelar a mudança para Profissional agendada para ${endDate}?`,
  );
  await confirm.getByRole("button", { name: "Sim, cancelar mudança" }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await expect(page.getByText("Mudança de plano cancelada")).toBeVisible();
  await expect(page.getByTestId("settings-scheduled-change")).toHaveCount(0);
  await expect(page.getByTestId("settings-current-plan")).toHaveText("Enterprise");
});
