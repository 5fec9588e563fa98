import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, choosePlanPayment, login, newProjectContext, register } from "./support";

/**
 * Lists as cards on phones (issue #29, ADR 0055): at 360 px every table of the app is a stack of
 * cards — no sideways scroll of the page, and each row's amount, status and actions inside the
 * screen — and at 1366 px a wide table shows every column without scrolling. A row offers only
 * the actions its state allows: no checkout link, "Pagar" or "Marcar pago" on a paid invoice.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 768 };
const PLAN = "Profissional";
/** Signs up, opens a checkout, reads several pages as two users on a busy 2-core box. */
const JOURNEY_MS = 120_000;

test.use({ viewport: PHONE });

/** The page itself does not scroll sideways at 360 px. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** `locator` is on screen horizontally: its box starts at 0 or after and ends by the 360th pixel. */
async function expectWithinPhone(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, `${what} starts off-screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends off-screen`).toBeLessThanOrEqual(PHONE.width);
}

/** Every cell and every link or button of the first rows of the page's tables is on screen. */
async function expectRowsOnScreen(page: Page, path: string) {
  await page.goto(path);
  await expectNoSidewaysScroll(page);
  const rows = page.locator("table tbody tr");
  const count = Math.min(await rows.count(), 4);
  expect(count, `${path} shows no rows`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const row = rows.nth(index);
    const cells = row.locator(":scope > td, :scope > th");
    for (let cell = 0; cell < (await cells.count()); cell++) {
      const one = cells.nth(cell);
      if (!(await one.isVisible())) continue; // an empty actions cell
      await expectWithinPhone(one, `${path}, row ${index + 1}, cell ${cell + 1}`);
    }
    const controls = row.locator("a, button");
    for (let control = 0; control < (await controls.count()); control++)
      await expectWithinPhone(
        controls.nth(control),
        `${path}, row ${index + 1}: ${await controls.nth(control).innerText()}`,
      );
  }
}

function invoiceRowOf(page: Page, reference: string) {
  return page.getByTestId("invoice-row").filter({ hasText: reference });
}

test("a customer's invoices and the admin's lists are cards at 360 px; a paid invoice offers no payment", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(JOURNEY_MS);
  const customer = await register(page, testInfo, "Cliente Celular");
  await choosePlanPayment(page, PLAN, "Cartão de crédito (Mercado Pago)");
  await page.waitForURL(/\/mp-sim\/checkout\/v1\/redirect\?pref-id=/);

  // The customer, on a phone: the pending invoice's amount, status and "Pagar" on screen.
  await page.goto("/invoices");
  await expectNoSidewaysScroll(page);
  const mine = page.getByTestId("invoice-row");
  await expect(mine).toHaveCount(1);
  const reference = (await mine.locator("span.font-mono").innerText()).trim();
  expect(reference).toMatch(/^ENC-[\w-]+$/);
  await expectWithinPhone(mine.getByTestId("invoice-status"), "the status");
  await expectWithinPhone(mine.getByText(/^R\$\s49,90$/), "the amount");
  await expectWithinPhone(mine.getByRole("link", { name: /^Pagar / }), "Pagar");

  const adminContext = await newProjectContext(browser, testInfo);
  try {
    const admin = await adminContext.newPage();
    await admin.setViewportSize(PHONE);
    await login(admin, ADMIN.email, ADMIN.password);

    // The admin's invoice card: amount, status and every action of a pending checkout on screen;
    // the checkout's long address is a short "Abrir link", not table text.
    await admin.goto(`/admin-invoices?${new URLSearchParams({ q: customer.email })}`);
    await expectNoSidewaysScroll(admin);
    const row = invoiceRowOf(admin, reference);
    await expect(row).toHaveCount(1);
    await expectWithinPhone(row.getByTestId("invoice-status"), "the status");
    await expectWithinPhone(row.getByText(/^R\$\s49,90$/), "the amount");
    const link = row.getByTestId("invoice-link");
    await expectWithinPhone(link, "Abrir link");
    await expect(link).toHaveText(/^Abrir link/);
    expect(await link.getAttribute("href")).toMatch(/^https?:\/\/\S+pref/);
    await expect(row).not.toContainText("http");
    await expectWithinPhone(row.getByRole("button", { name: /^Sincronizar/ }), "Sincronizar");
    const markPaid = row.getByRole("link", { name: /^Marcar pago/ });
    await expectWithinPhone(markPaid, "Marcar pago");
    if (testInfo.project.name === "js-on")
      await expectWithinPhone(row.getByRole("button", { name: /^Copiar link/ }), "Copiar link");

    // Paid: no checkout link to open or copy, no "Marcar pago"; "Sincronizar" may catch a refund.
    await markPaid.click();
    const confirm = admin.getByRole("dialog", { name: /como paga\?$/ });
    await confirm.getByRole("button", { name: "Sim, marcar como paga" }).click();
    await admin.waitForURL((url) => url.pathname === "/admin-invoices");
    await expect(row.getByTestId("invoice-status")).toHaveText("Aprovado");
    await expect(row.getByTestId("invoice-link")).toHaveCount(0);
    await expect(row.getByRole("button", { name: /Copiar link/ })).toHaveCount(0);
    await expect(row.getByRole("link", { name: /Marcar pago/ })).toHaveCount(0);
    await expect(row.getByRole("button", { name: /^Sincronizar/ })).toHaveCount(1);

    // The admin's other lists, each row's cells and actions on screen.
    for (const path of ["/admin-invoices", "/customers", "/parts", "/vehicles", "/plans"])
      await expectRowsOnScreen(admin, path);
  } finally {
    await adminContext.close();
  }

  // The customer's paid invoice: its receipt, no "Pagar".
  await page.goto("/invoices");
  const paid = invoiceRowOf(page, reference);
  await expect(paid.getByTestId("invoice-status")).toHaveText("Aprovado");
  await expect(paid.getByRole("link", { name: /Pagar/ })).toHaveCount(0);
  await expectWithinPhone(paid.getByRole("link", { name: /^Recibo/ }), "Recibo");
  await expectRowsOnScreen(page, "/invoices");
});

test("at 1366 px the admin's invoice table shows every column without scrolling", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await login(page, ADMIN.email, ADMIN.password);
  for (const path of ["/admin-invoices", "/customers", "/parts", "/vehicles", "/plans"]) {
    await page.goto(path);
    const headers = page.locator("table thead th");
    const last = headers.last();
    await expect(last).toBeVisible();
    const box = (await last.boundingBox())!;
    expect(box.x + box.width, `${path}: the last column ends off-screen`).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    const scroll = await page
      .locator("table")
      .first()
      .evaluate((table) => {
        const frame = table.parentElement!;
        return { scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth };
      });
    expect(scroll.scrollWidth, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(
      scroll.clientWidth,
    );
  }
});
