import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";

/**
 * Shared helpers for the journeys. Everything here works in both projects: forms are filled and
 * submitted by clicking their buttons, so with JavaScript off each step is a full page load.
 */

export const ADMIN = {
  email: "admin@encaixa.local",
  password: "e2e-admin-pass",
  name: "Administrador",
} as const;
export const USER = { email: "ze@oficina.demo", password: "demo1234" } as const;

let counter = 0;

/** An e-mail no other test, project or run has used: the server keeps one data dir per run. */
export function uniqueEmail(testInfo: TestInfo, prefix = "cliente"): string {
  const stamp = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${prefix}-${testInfo.project.name}-${stamp}@teste.dev`.toLowerCase();
}

/** Fills and submits /login (already open, or opened here). Does not wait for the result. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string,
  options: { goto?: boolean } = {},
) {
  if (options.goto ?? true) await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** Signs in and waits to be inside the user area (by default /home). */
export async function login(
  page: Page,
  email: string,
  password: string,
  landsOn: string | RegExp = /\/home$/,
) {
  await submitLogin(page, email, password);
  await page.waitForURL(landsOn);
  await expect(page.getByLabel("Menu do usuário")).toBeVisible();
}

export type RegisterFields = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/** Fills /register (already open) with what is given and clicks 'Criar conta'. */
export async function fillRegister(page: Page, fields: Partial<RegisterFields>) {
  await page.getByLabel("Nome completo", { exact: true }).fill(fields.name ?? "");
  await page.getByLabel("E-mail", { exact: true }).fill(fields.email ?? "");
  await page.getByLabel("Senha", { exact: true }).fill(fields.password ?? "");
  await page.getByLabel("Confirmar senha", { exact: true }).fill(fields.confirmPassword ?? "");
  await page.getByRole("button", { name: "Criar conta", exact: true }).click();
}

/** Creates a fresh role-user account through the form and waits for /home. */
export async function register(page: Page, testInfo: TestInfo, name = "Cliente Teste E2E") {
  const email = uniqueEmail(testInfo);
  const password = "senha-e2e-123";
  await page.goto("/register");
  await fillRegister(page, { name, email, password, confirmPassword: password });
  await page.waitForURL(/\/home$/);
  return { name, email, password };
}

/** Opens the avatar menu (a <details>/<summary>) of the page header. */
export async function openUserMenu(page: Page) {
  const summary = page.getByLabel("Menu do usuário");
  await summary.click();
  await expect(page.getByRole("button", { name: "Sair", exact: true })).toBeVisible();
}

/** Reads a pt-BR formatted integer ("1.234") from a counter. */
export function parseCount(text: string): number {
  const digits = text.replace(/[.\s\u00a0]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * Puts a customer on a plan of `perDay` searches a day, straight in the e2e server's database:
 * setting up a precise credit balance through screens would take a dozen steps per test.
 */
export async function setDailySearches(email: string, perDay: number) {
  const { default: Database } = await import("better-sqlite3");
  const file = `${process.env.E2E_DATA_DIR}/encaixa.db`;
  const sqlite = new Database(file);
  sqlite.pragma("busy_timeout = 5000");
  try {
    const name = `Teste ${perDay}/dia ${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const plan = sqlite
      .prepare(
        "insert into plans (name, price_cents, credits_per_month, status, features) values (?, 100, ?, 'inactive', '[]') returning id",
      )
      .get(name, perDay * 30) as { id: number };
    sqlite
      .prepare(
        "update subscriptions set plan_id = ? where status = 'active' and user_id = (select id from users where email = ?)",
      )
      .run(plan.id, email.toLowerCase());
  } finally {
    sqlite.close();
  }
}

// --- Payments (payments.spec.ts) -----------------------------------------------------------------

/** A second, separate browser session run like the test's project (JavaScript on or off). */
export async function newProjectContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.name !== "js-off",
    locale: testInfo.project.use.locale,
    timezoneId: testInfo.project.use.timezoneId,
  });
}

export type PlanPaymentMethod =
  "Cartão de crédito (Mercado Pago)" | "PIX" | "Transferência bancária";

/**
 * From /settings' plans tab: "Alterar Plano" on `planName`, picks the payment method and clicks
 * "Confirmar". Does not wait for where that leads (the PIX dialog, Mercado Pago, the settings).
 */
export async function choosePlanPayment(page: Page, planName: string, method: PlanPaymentMethod) {
  await page.goto("/settings?tab=planos");
  const card = page
    .getByTestId("settings-plan-card")
    .filter({ has: page.getByRole("heading", { name: planName, exact: true }) });
  await card.getByRole("link", { name: /Alterar Plano/ }).click();
  const dialog = page.getByRole("dialog", { name: `Assinar o plano ${planName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(method, { exact: true }).check();
  await dialog.getByRole("button", { name: "Confirmar" }).click();
}

/**
 * Reads the e2e server's database directly (read-only), for assertions that must not trust the
 * app's own queries: the expected figure is counted here, the page shows what the app counted.
 */
export async function queryDatabase<T>(query: string, ...params: unknown[]): Promise<T[]> {
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(`${process.env.E2E_DATA_DIR}/encaixa.db`, { readonly: true });
  sqlite.pragma("busy_timeout = 5000");
  try {
    return sqlite.prepare(query).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}
