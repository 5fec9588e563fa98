import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { login, USER } from "./support";

/** Runs axe (WCAG 2 A and AA) and fails on serious or critical violations, printing them. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
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
}

test.describe("accessibility (axe, WCAG 2 A/AA)", () => {
  test("landing", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("plan-card").first()).toBeVisible();
    await expectNoSeriousViolations(page, "/");
  });

  test("landing with the plan dialog open", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("link", { name: /^Mais detalhes/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, "/planos/:id");
  });

  test("login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/login");
  });

  test("register", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Criar conta", exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, "/register");
  });

  test("home, signed in", async ({ page }) => {
    await login(page, USER.email, USER.password);
    await expectNoSeriousViolations(page, "/home");
  });

  test("404 page", async ({ page }) => {
    await page.goto("/pagina-que-nao-existe");
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await expectNoSeriousViolations(page, "404");
  });
});
