import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { ADMIN, choosePlanPayment, login, register, submitLogin, USER } from "./support";

/**
 * The page axe looks at. axe-core needs timers, which do not run in a page with JavaScript
 * disabled, so in the js-off project the server-rendered DOM the browser got is copied into a
 * scratch JS-enabled context (same URL, same stylesheets, every <script> removed and script
 * requests refused) and axe runs there: the app's code never runs, only axe's.
 */
async function pageForAxe(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ target: Page; close: () => Promise<void> }> {
  if (testInfo.project.use.javaScriptEnabled !== false)
    return { target: page, close: async () => {} };
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await browser.newContext({ javaScriptEnabled: true, locale: "pt-BR" });
  await context.route("**/*", (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.url() === url) {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    }
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  const target = await context.newPage();
  await target.goto(url);
  return { target, close: () => context.close() };
}

/** Runs axe (WCAG 2 A and AA) and fails on serious or critical violations, printing them. */
async function expectNoSeriousViolations(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  label: string,
) {
  const { target, close } = await pageForAxe(page, browser, testInfo);
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa"])
      // Runs axe inside the page instead of opening one more page per run; there are no iframes.
      .setLegacyMode(true)
      .analyze();
    const blocking = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    const report = blocking
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
          v.nodes
            .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\n/g, " ")}`)
            .join("\n"),
      )
      .join("\n");
    expect(blocking, `Violações de acessibilidade em ${label}:\n${report}`).toEqual([]);
  } finally {
    await close();
  }
}

test.describe("accessibility (axe, WCAG 2 A/AA)", () => {
  test("landing", async ({ page, browser }, testInfo) => {
    await page.goto("/");
    await expect(page.getByTestId("plan-card").first()).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/");

    // The plan dialog, a route over the landing.
    await page
      .getByRole("link", { name: /^Mais detalhes/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/planos/:id");
  });

  test("login", async ({ page, browser }, testInfo) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/login");
  });

  test("register", async ({ page, browser }, testInfo) => {
    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Criar conta", exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/register");
  });

  test("home, signed in", async ({ page, browser }, testInfo) => {
    await login(page, USER.email, USER.password);
    await expectNoSeriousViolations(page, browser, testInfo, "/home");
  });

  test("a customer's invoices and the PIX dialog with its QR code", async ({
    page,
    browser,
  }, testInfo) => {
    await register(page, testInfo, "Cliente Acessível");
    await choosePlanPayment(page, "Profissional", "PIX");
    await page.waitForURL(/\/invoices\/\d+\/pix$/);
    const dialog = page.getByRole("dialog", { name: /Pagar fatura ENC-[\w-]+ com PIX/ });
    await dialog.getByLabel("CPF", { exact: true }).fill("529.982.247-25");
    await dialog.getByRole("button", { name: "Gerar QR Code" }).click();
    await expect(dialog.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/invoices/:id/pix");
    await page.goto("/invoices");
    await expect(page.getByRole("heading", { name: "Minhas Faturas" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/invoices");
  });

  test("the dashboard's SEO tab, and its refused save", async ({ page, browser }, testInfo) => {
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/(home|admin)/);
    await page.goto("/admin?tab=seo");
    await expect(page.getByRole("heading", { name: "Configurações de SEO" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin?tab=seo");
    await page.getByLabel("Iniciais do logotipo", { exact: true }).fill("ABCD");
    await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
    await expect(
      page.getByText("As iniciais do logotipo devem ter no máximo 3 caracteres"),
    ).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin?tab=seo (recusado)");
  });

  test("every tab of the dashboard, a payment notice and the hourly chart", async ({
    page,
    browser,
  }, testInfo) => {
    // Nine axe runs over the dashboard's heaviest pages; with JS off each runs in a page of its own.
    test.slow();
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/(home|admin)/);
    await page.goto("/admin?payment=success");
    await expect(page.getByRole("heading", { name: "Painel Administrativo" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Pagamento aprovado!" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin?payment=success");
    const tabs = page.getByRole("navigation", { name: "Seções do painel" });
    for (const [tab, name] of [
      ["analytics", "Analytics"],
      ["sistema", "Sistema"],
      ["atividade", "Atividade"],
      ["pagamentos", "Pagamentos"],
      ["seo", "SEO"],
      ["empresa", "Empresa"],
      ["geral", "Visão Geral"],
    ] as const) {
      await tabs.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`\\?tab=${tab}&period=7d$`));
      await expect(tabs.getByRole("link", { name, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectNoSeriousViolations(page, browser, testInfo, `/admin?tab=${tab}`);
    }
    await page.goto("/admin?tab=analytics&period=24h");
    await expect(page.getByRole("figure", { name: "Buscas por hora (últimas 24h)" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin?tab=analytics&period=24h");
  });

  test("the catalogue import page, its settings and the Limpar Tudo dialog", async ({
    page,
    browser,
  }, testInfo) => {
    await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
    await page.goto("/admin/import?config=1");
    await expect(page.getByLabel("Páginas em paralelo")).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin/import?config=1");
    await page.goto("/admin/import/limpar");
    await expect(page.getByRole("dialog", { name: "Confirmar Limpeza" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "/admin/import/limpar");
  });

  test("the admin's invoices and payment gateways", async ({ page, browser }, testInfo) => {
    await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
    await page.goto("/admin-invoices");
    await expectNoSeriousViolations(page, browser, testInfo, "/admin-invoices");
    await page.goto("/payment-methods");
    await expectNoSeriousViolations(page, browser, testInfo, "/payment-methods");
  });

  test("404 page", async ({ page, browser }, testInfo) => {
    await page.goto("/pagina-que-nao-existe");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await expectNoSeriousViolations(page, browser, testInfo, "404");
  });
});
