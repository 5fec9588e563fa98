import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login, parseCount, USER } from "./support";

async function remainingSearches(page: Page): Promise<number> {
  await page.goto("/usage");
  return parseCount(await page.getByTestId("usage-remaining").innerText());
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test.describe("plans and customers management", () => {
  test("admin creates a plan, gives Zé 10 credits and that plan; Zé sees both", async ({
    page,
  }, testInfo) => {
    // A long journey (four sign-ins) on a shared, busy machine.
    test.setTimeout(120_000);
    const planName = `Oficina E2E ${testInfo.project.name} ${Date.now().toString(36)}`;

    await login(page, USER.email, USER.password);
    const before = await remainingSearches(page);
    expect(before).toBeGreaterThanOrEqual(0);
    await signOut(page);

    // The admin creates the plan: it shows in the list and on the landing pricing grid.
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/plans");
    await page.getByRole("link", { name: "Novo Plano" }).click();
    const planDialog = page.getByRole("dialog", { name: "Novo plano" });
    await planDialog.getByLabel("Nome", { exact: true }).fill(planName);
    await planDialog.getByLabel("Créditos por mês").fill("0");
    await planDialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Nome e quantidade de créditos são obrigatórios")).toBeVisible();
    await expect(planDialog.getByLabel("Nome", { exact: true })).toHaveValue(planName);
    await planDialog.getByLabel("Créditos por mês").fill("3000");
    await planDialog.getByLabel("Preço (R$)").fill("29.90");
    await planDialog
      .getByLabel("Recursos (um por linha)")
      .fill("Busca por código\nSuporte por e-mail");
    await planDialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText(/Plano criado com sucesso/);
    const planRow = page.getByTestId("plan-row").filter({ hasText: planName });
    await expect(planRow).toContainText("3.000");
    await expect(planRow).toContainText("R$ 29,90");

    // Extra credits for Zé, then the plan, from the customers screen.
    await page.goto("/customers");
    await page.getByRole("searchbox", { name: "Buscar clientes" }).fill(USER.email);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/\/customers\?.*q=ze%40oficina\.demo/);
    const zeRow = page.getByTestId("customer-row").filter({ hasText: USER.email });
    await expect(zeRow).toHaveCount(1);
    await zeRow.getByRole("link", { name: "Créditos — José Silva" }).click();
    const creditsDialog = page.getByRole("dialog", { name: "Gerenciar créditos — José Silva" });
    await creditsDialog.getByLabel("Créditos a adicionar").fill("10");
    await creditsDialog.getByRole("button", { name: "Adicionar créditos" }).click();
    await expect(page.getByRole("status")).toHaveText(/Créditos atualizados com sucesso/);
    await expect(page).toHaveURL(/\/customers\?.*q=ze%40oficina\.demo/);

    await zeRow.getByRole("link", { name: "Atribuir plano — José Silva" }).click();
    const assignDialog = page.getByRole("dialog", { name: "Atribuir plano — José Silva" });
    await expect(assignDialog.getByLabel("Forma de pagamento")).toHaveValue("credit_card");
    await assignDialog
      .getByLabel("Plano", { exact: true })
      .selectOption({ label: `${planName} — R$ 29,90` });
    await assignDialog.getByRole("button", { name: "Atribuir plano" }).click();
    await expect(page.getByRole("status")).toHaveText(/Plano atribuído com sucesso/);
    await expect(zeRow).toContainText(planName);
    await expect(
      zeRow.getByRole("link", { name: "Cancelar assinatura — José Silva" }),
    ).toBeVisible();
    await signOut(page);

    await page.goto("/");
    await expect(
      page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: planName }) }),
    ).toBeVisible();

    // Zé sees the plan in the sidebar card and more searches left (10 credits, and at least the same allowance).
    await login(page, USER.email, USER.password);
    await expect(page.locator("aside").getByText(planName, { exact: true })).toBeVisible();
    const after = await remainingSearches(page);
    expect(after).toBeGreaterThanOrEqual(before + 10);
    await page.goto("/settings?tab=planos");
    await expect(page.getByTestId("settings-current-plan")).toHaveText(planName);
    expect(parseCount(await page.getByTestId("settings-remaining").innerText())).toBe(after);
    await signOut(page);

    // Leave the landing grid as the other journeys expect it: the test plan stops being offered.
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/plans?q=${encodeURIComponent(planName)}`);
    await page.getByRole("link", { name: `Editar ${planName}` }).click();
    const editDialog = page.getByRole("dialog", { name: `Editar plano — ${planName}` });
    await editDialog.getByLabel("Situação").selectOption("inactive");
    await editDialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText(/Plano atualizado com sucesso/);
    await expect(page.getByTestId("plan-row").filter({ hasText: planName })).toContainText(
      "Inativo",
    );
  });
});
