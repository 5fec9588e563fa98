import { expect, test } from "@playwright/test";
import { keepBankDetails } from "./bank-details";
import { register } from "./support";

test.describe("a customer's account", () => {
  test("asks for a paid plan from settings: a pending invoice, the free plan still in force", async ({
    page,
    browser,
  }, testInfo) => {
    await keepBankDetails(browser, testInfo);
    await register(page, testInfo, "Cliente Plano");
    await page.goto("/settings?tab=planos");
    await expect(page.getByTestId("settings-current-plan")).toHaveText("Gratuito");
    // One unit for credits (ADR 0048): what is left today, and each plan's searches a day.
    await expect(page.getByTestId("credits-chip")).toHaveText("50 buscas restantes hoje");
    const pro = page.getByTestId("settings-plan-card").filter({ hasText: "Profissional" });
    await expect(pro.getByText("Suporte prioritário")).toBeVisible();
    await expect(pro).toContainText("200 buscas por dia");
    await pro.getByRole("link", { name: /Alterar Plano/ }).click();
    const dialog = page.getByRole("dialog", { name: "Assinar o plano Profissional" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("200 buscas por dia");
    // A bank transfer leaves the invoice pending, showing where to transfer (bank-transfer.spec.ts);
    // card and PIX go on to pay (payments.spec.ts).
    await page.getByLabel("Transferência bancária").check();
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(
      page.getByText(/Pagamento necessário: a fatura ENC-[\w-]+ foi criada/),
    ).toBeVisible();
    await page.waitForURL(/\/invoices\/\d+\/transferencia$/);
    await page.goto("/settings?tab=planos");
    await expect(page.getByTestId("pending-invoice")).toContainText("aguardando pagamento");
    await expect(page.getByTestId("settings-current-plan")).toHaveText("Gratuito");
    await page.goto("/profile?tab=assinatura");
    await expect(page.getByText(/Aguardando pagamento/)).toBeVisible();
  });

  test("subscribes from the landing plan dialog, going through sign-in", async ({
    page,
  }, testInfo) => {
    const account = await register(page, testInfo, "Cliente Landing");
    await page.goto("/");
    const pro = page.getByTestId("plan-card").filter({ hasText: "Profissional" });
    await pro.getByRole("link", { name: /Mais detalhes/ }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Assinar" }).click();
    await expect(page).toHaveURL(/\/settings\/plano\/\d+$/);
    await expect(page.getByRole("dialog", { name: "Assinar o plano Profissional" })).toBeVisible();
    expect(account.email).toContain("@");
  });

  test("edits name, e-mail and password on the profile, with errors first", async ({
    page,
  }, testInfo) => {
    const account = await register(page, testInfo, "Nome Antigo");
    await page.goto("/profile");
    await page.getByLabel("Nome", { exact: true }).fill(" ");
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Nome é obrigatório")).toBeVisible();
    await expect(page.getByText("Senha atual é obrigatória para alterar a senha")).toBeVisible();

    const newEmail = account.email.replace("@", ".novo@");
    await page.getByLabel("Nome", { exact: true }).fill("Nome Novo");
    await page.getByLabel("E-mail", { exact: true }).fill(newEmail);
    await page.getByLabel("Senha atual", { exact: true }).fill(account.password);
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
    await page.getByLabel("Confirmar nova senha", { exact: true }).fill("nova-senha-1");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Perfil atualizado com sucesso!")).toBeVisible();
    await expect(page.getByTestId("profile-name")).toHaveText("Nome Novo");
    await expect(page.getByTestId("profile-email")).toHaveText(newEmail);

    await page.getByLabel("Menu do usuário").click();
    await page.getByRole("button", { name: "Sair", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(newEmail);
    await page.getByLabel("Senha", { exact: true }).fill("nova-senha-1");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(/\/home$/);
  });

  test("saves notification preferences and signs out other sessions", async ({
    page,
    browser,
  }, testInfo) => {
    const account = await register(page, testInfo, "Cliente Sessões");
    await page.goto("/settings?tab=preferencias");
    await page.getByLabel("Lembretes de buscas").uncheck();
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await expect(page.getByText("Preferências salvas")).toBeVisible();
    await page.goto("/profile?tab=preferencias");
    await expect(page.getByLabel("Lembretes de buscas")).not.toBeChecked();
    await expect(page.getByLabel("Alertas de assinatura (vencimento e pagamentos)")).toBeChecked();

    const other = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: testInfo.project.name !== "js-off",
    });
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await otherPage.getByLabel("E-mail", { exact: true }).fill(account.email);
    await otherPage.getByLabel("Senha", { exact: true }).fill(account.password);
    await otherPage.getByRole("button", { name: "Entrar", exact: true }).click();
    await otherPage.waitForURL(/\/home$/);

    await page.goto("/settings?tab=seguranca");
    await expect(page.getByText(/conectada em 2 sessões/)).toBeVisible();
    await page.getByRole("button", { name: "Encerrar outras sessões" }).click();
    await expect(page.getByText("1 outra sessão encerrada.")).toBeVisible();
    await otherPage.goto("/home");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fhome/);
    await other.close();
  });
});
