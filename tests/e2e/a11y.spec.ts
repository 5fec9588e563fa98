import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AxeChecker, SIZES, screenPatterns } from "./a11y-axe";
import { seededIds, WALK, type Ids, type Role } from "./a11y-pages";
import { ADMIN, choosePlanPayment, register, submitLogin } from "./support";

/**
 * axe-core (all its default rules: WCAG 2.0–2.2 A/AA and best practices) on every screen of the app, at 360×740 and 1366×768, with JavaScript
 * on and off: no serious or critical violation anywhere (issue #29, ADR 0061). The screens come
 * from the route manifest, so a new one fails the first test until the walk visits it. Each role
 * signs in once and walks its pages in one browser session.
 */

test("the walk visits every screen of the route manifest", async () => {
  const walked = new Set(WALK.map((page) => page.pattern));
  const missing = (await screenPatterns()).filter((pattern) => !walked.has(pattern));
  expect(
    missing,
    "screens the accessibility walk does not visit (tests/e2e/a11y-pages.ts)",
  ).toEqual([]);
});

/** Records the seed does not have, written straight into the e2e server's database. */
async function extraRecords(customerEmail: string) {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(`${process.env.E2E_DATA_DIR}/encaixa.db`);
  sqlite.pragma("busy_timeout = 5000");
  try {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    const user = sqlite
      .prepare("select id from users where email = ?")
      .get(customerEmail.toLowerCase()) as { id: number };
    const apiKey = sqlite
      .prepare(
        "insert into api_keys (user_id, name, prefix, hash) values (?, 'Chave de teste', 'enc_live_a11y', ?) returning id",
      )
      .get(user.id, `a11y-${stamp}`) as { id: number };
    const synonym = sqlite
      .prepare(
        "insert into search_synonyms (term, meaning) values (?, 'pastilha de freio') returning id",
      )
      .get(`pastilha-${stamp}`) as { id: number };
    const fipeJob = sqlite
      .prepare(
        "insert into import_jobs (kind, status, options, started_at, completed_at) values ('fipe', 'completed', '{}', ?, ?) returning id",
      )
      .get(Date.now() - 60_000, Date.now()) as { id: number };
    return { apiKey: apiKey.id, synonym: synonym.id, fipeJob: fipeJob.id };
  } finally {
    sqlite.close();
  }
}

/**
 * A fresh customer on the Profissional plan's PIX invoice, its QR code generated (the state no
 * URL alone reaches, checked here), the other records the walk needs, and the ids to fill URLs.
 */
async function customerWithInvoice(page: Page, testInfo: TestInfo, axe: AxeChecker) {
  const { email } = await register(page, testInfo, "Cliente Acessível");
  await choosePlanPayment(page, "Profissional", "PIX");
  await page.waitForURL(/\/invoices\/\d+\/pix$/);
  const invoice = Number(page.url().match(/\/invoices\/(\d+)\/pix$/)![1]);
  const dialog = page.getByRole("dialog", { name: /Pagar fatura ENC-[\w-]+ com PIX/ });
  await dialog.getByLabel("CPF", { exact: true }).fill("529.982.247-25");
  await dialog.getByRole("button", { name: "Gerar QR Code" }).click();
  await expect(dialog.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
  const found = await axe.check(page, "/invoices/:id/pix (QR Code gerado)");
  return { found, ids: { invoice, ...(await extraRecords(email)) } };
}

/** Opens each page of `role`, checks it answered as expected, and runs axe at both sizes. */
async function walk(page: Page, axe: AxeChecker, role: Role, ids: Ids): Promise<string[]> {
  const found: string[] = [];
  for (const entry of WALK.filter((p) => p.role === role)) {
    const url = typeof entry.url === "string" ? entry.url : entry.url(ids);
    const response = await page.goto(url);
    expect.soft(response?.status(), `GET ${url}`).toBe(entry.status ?? 200);
    expect
      .soft(new URL(page.url()).pathname, `GET ${url} stayed on its page`)
      .toBe(new URL(url, "http://x").pathname);
    found.push(...(await axe.check(page, url)));
  }
  return found;
}

async function ids(extra: Partial<Ids> = {}): Promise<Ids> {
  return { invoice: 0, apiKey: 0, fipeJob: 0, ...(await seededIds()), ...extra } as Ids;
}

test.describe("accessibility (axe) at 360 px and 1366 px", () => {
  // Dozens of pages, each checked at two sizes (with JS off, in a scratch page of its own).
  test.describe.configure({ timeout: 240_000 });

  test("public pages", async ({ page, browser }, testInfo) => {
    const axe = new AxeChecker(browser, testInfo);
    try {
      const found = await walk(page, axe, "public", await ids());
      // The plan dialog reached as a visitor clicks it (a route over the landing).
      await page.goto("/");
      await page
        .getByRole("link", { name: /^Mais detalhes/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      found.push(...(await axe.check(page, "/planos/:id (aberto da página inicial)")));
      expect(found, `Violações de acessibilidade:\n${found.join("\n")}`).toEqual([]);
    } finally {
      await axe.close();
    }
  });

  test("a customer's pages, with an invoice, its PIX QR code and an API key", async ({
    page,
    browser,
  }, testInfo) => {
    const axe = new AxeChecker(browser, testInfo);
    try {
      const customer = await customerWithInvoice(page, testInfo, axe);
      const found = [
        ...customer.found,
        ...(await walk(page, axe, "customer", await ids(customer.ids))),
      ];
      expect(found, `Violações de acessibilidade:\n${found.join("\n")}`).toEqual([]);
    } finally {
      await axe.close();
    }
  });

  test("the admin's pages, a payment notice and a refused save", async ({
    page,
    browser,
  }, testInfo) => {
    const axe = new AxeChecker(browser, testInfo);
    try {
      const records = await extraRecords("admin@encaixa.local");
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/(home|admin)/);
      const found = await walk(page, axe, "admin", await ids(records));

      await page.goto("/admin?payment=success");
      await expect(
        page.getByRole("status").filter({ hasText: "Pagamento aprovado!" }),
      ).toBeVisible();
      found.push(...(await axe.check(page, "/admin?payment=success", [SIZES[0]])));

      await page.goto("/admin?tab=seo");
      await page.getByLabel("Iniciais do logotipo", { exact: true }).fill("ABCD");
      await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
      await expect(
        page.getByText("As iniciais do logotipo devem ter no máximo 3 caracteres"),
      ).toBeVisible();
      found.push(...(await axe.check(page, "/admin?tab=seo (recusado)", [SIZES[0]])));
      expect(found, `Violações de acessibilidade:\n${found.join("\n")}`).toEqual([]);
    } finally {
      await axe.close();
    }
  });
});
