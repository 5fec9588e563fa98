import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login, queryDatabase } from "./support";

/** A low-end phone: the admin edits the synonyms from the counter too. */
test.use({ viewport: { width: 360, height: 740 } });

/** WCAG 2 A/AA: no serious or critical violation (axe needs JavaScript; a11y.spec covers JS off). */
async function expectAccessible(page: Page, label: string) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .setLegacyMode(true)
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(blocking, label).toEqual([]);
}

test.describe("search synonyms back-office", () => {
  test("admin adds a synonym, sees it, and deletes it after confirming", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    // One word the search would never have: unique per project and run.
    const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
    const typed = `Amrt-${stamp}`;
    const term = typed.toLowerCase();
    const pair = `${term} → amortecedor`;

    await login(page, ADMIN.email, ADMIN.password);
    // The sidebar is a menu on a phone; the screen is one of its links.
    await page.getByLabel("Abrir menu").click();
    await page.getByRole("link", { name: "Sinônimos da busca" }).click();
    await page.waitForURL(/\/admin\/synonyms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sinônimos da busca" })).toBeVisible();
    await expect(
      page.getByText("Quando alguém busca por diant, a busca também procura dianteiro."),
    ).toBeVisible();
    // The seeded abbreviations are listed; on a phone each card cell is read with its column's
    // name ("Palavra amort", ADR 0055).
    await expect(page.getByRole("rowheader", { name: /(^|\s)amort$/ }).first()).toBeVisible();
    // The table fits the phone: each row's "Excluir" is there without scrolling sideways.
    const table = page.getByRole("table");
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth),
    ).toBe(true);

    // A refusal keeps what was typed and says why, on the field.
    const termField = page.getByLabel("Palavra digitada");
    const meaningField = page.getByLabel("Também procurar por");
    await termField.fill("lado dir");
    await meaningField.fill("direito");
    await page.getByRole("button", { name: "Adicionar sinônimo" }).click();
    await expect(
      page.getByText("A palavra digitada deve ser uma só palavra, de letras, números ou hífen"),
    ).toBeVisible();
    await expect(meaningField).toHaveValue("direito");

    // Added, folded, with a toast; the form is empty again.
    await termField.fill(typed);
    await meaningField.fill("Amortecedor");
    await page.getByRole("button", { name: "Adicionar sinônimo" }).click();
    await expect(page.getByRole("status")).toHaveText(/Sinônimo adicionado com sucesso/);
    await expect(page.getByLabel("Palavra digitada")).toHaveValue("");
    const stored = await queryDatabase<{ meaning: string }>(
      "select meaning from search_synonyms where term = ?",
      term,
    );
    expect(stored).toEqual([{ meaning: "amortecedor" }]);

    // Found with the filter, kept in the URL.
    await page.getByRole("searchbox", { name: "Filtrar sinônimos" }).fill(stamp.toUpperCase());
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await page.waitForURL(/\/admin\/synonyms\?q=/);
    const row = page.getByTestId("synonym-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(term);
    await expect(row).toContainText("amortecedor");

    // The same pair again is refused.
    await page.getByLabel("Palavra digitada").fill(term.toUpperCase());
    await page.getByLabel("Também procurar por").fill("amortecedor");
    await page.getByRole("button", { name: "Adicionar sinônimo" }).click();
    await expect(page.getByText("Este sinônimo já está cadastrado")).toBeVisible();
    await expect(row).toHaveCount(1);

    await expectAccessible(page, "/admin/synonyms with a refused add");
    // Nothing spills sideways on a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // Delete asks first; "Cancelar" leaves it in place.
    await row.getByRole("link", { name: `Excluir ${pair}` }).click();
    const dialog = page.getByRole("dialog", { name: "Excluir sinônimo" });
    await expect(dialog).toContainText(`Excluir o sinônimo "${pair}"?`);
    await expectAccessible(page, "the delete confirmation");
    await dialog.getByRole("link", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole("link", { name: `Excluir ${pair}` }).click();
    await dialog.getByRole("button", { name: "Sim, excluir" }).click();
    await expect(page.getByRole("status")).toHaveText(/Sinônimo excluído com sucesso/);
    await expect(page).toHaveURL(/\/admin\/synonyms\?q=/);
    await expect(row).toHaveCount(0);
    await expect(page.getByText("Nenhum sinônimo encontrado para este filtro.")).toBeVisible();
    expect(await queryDatabase("select id from search_synonyms where term = ?", term)).toEqual([]);
  });

  test("customers cannot open the screen", async ({ page }) => {
    await login(page, "ze@oficina.demo", "demo1234");
    await page.goto("/admin/synonyms");
    await expect(page).toHaveURL(/\/home$/);
  });
});
