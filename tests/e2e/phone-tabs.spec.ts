import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, login, USER } from "./support";

/**
 * Tab bars, charts and the dashboard's "Pagamentos" tab on a 360×740 phone, JavaScript on and off
 * (issue #29, ADR 0056): every tab on screen and in the Tab order, nothing to scroll sideways,
 * chart labels a person can read, and "Testar conexão" answering on the page.
 */

test.use({ viewport: { width: 360, height: 740 } });

const PHONE_WIDTH = 360;
/** The smallest text a chart may show, in CSS pixels (issue #29). */
const MIN_LABEL_PX = 11;

type SimulatorCredentials = {
  mercadopago: { publicKey: string; accessToken: string; webhookSecret: string };
  paghiper: { apiKey: string; token: string };
};
const credentials = () =>
  JSON.parse(
    readFileSync(path.join(process.env.E2E_DATA_DIR!, "payment-simulators.json"), "utf8"),
  ) as SimulatorCredentials;

/** The page is no wider than the phone, and whatever scrolls sideways inside it takes focus. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    regions: [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          /auto|scroll/.test(style.overflowX) &&
          el.scrollWidth > el.clientWidth + 1 &&
          el.tabIndex < 0
        );
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  }));
  expect(overflow.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(
    overflow.regions,
    `${where}: sideways-scrolling regions the keyboard cannot reach`,
  ).toEqual([]);
}

/** Every link of a tab bar is fully on screen, the current one among them. */
async function expectTabsOnScreen(nav: Locator, where: string) {
  const links = nav.getByRole("link");
  const count = await links.count();
  expect(count, `${where}: tabs`).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    const name = (await link.innerText()).trim();
    expect(box.x, `${where}: "${name}" starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: "${name}" is cut`).toBeLessThanOrEqual(PHONE_WIDTH);
    // Its whole name shows: nothing cut to "A…".
    expect(
      await link.evaluate((el) => el.scrollWidth <= el.clientWidth),
      `${where}: "${name}" is truncated`,
    ).toBe(true);
  }
  await expect(nav.locator('[aria-current="page"]')).toBeInViewport();
}

/** Presses Tab from the top of the page until focus has left the tab bar: every tab got it. */
async function expectTabsReachedByKeyboard(page: Page, nav: Locator, where: string) {
  const expected = await nav
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const reached: string[] = [];
  for (let press = 0; press < 80 && reached.length < expected.length; press++) {
    await page.keyboard.press("Tab");
    const focused = await nav.evaluate((el) => {
      const active = document.activeElement;
      if (!active || !el.contains(active)) return null;
      const box = active.getBoundingClientRect();
      return {
        href: active.getAttribute("href"),
        visible: box.left >= 0 && box.right <= window.innerWidth && box.width > 0,
      };
    });
    if (!focused) continue;
    expect(focused.visible, `${where}: ${focused.href} focused off screen`).toBe(true);
    reached.push(focused.href ?? "");
  }
  expect(reached, `${where}: tabs reached with the Tab key`).toEqual(expected);
}

test("the dashboard's tabs wrap on a phone: all on screen, all by keyboard, no sideways scroll", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Seções do painel" });
  await expectTabsOnScreen(nav, "/admin");
  await expectTabsReachedByKeyboard(page, nav, "/admin");

  // Each tab, opened from the bar itself: still all on screen, and nothing wider than the phone.
  const tabs = await nav
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => ({ href: a.getAttribute("href")!, name: a.textContent!.trim() })),
    );
  for (const tab of tabs) {
    await nav.getByRole("link", { name: tab.name, exact: true }).click();
    await expect(nav.getByRole("link", { name: tab.name, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectTabsOnScreen(nav, tab.href);
    await expectNoSidewaysScroll(page, `/admin${tab.href}`);
  }
});

for (const account of [
  { who: "customer", email: USER.email, password: USER.password, url: "/settings" },
  { who: "customer", email: USER.email, password: USER.password, url: "/profile" },
  { who: "admin", email: ADMIN.email, password: ADMIN.password, url: "/settings" },
]) {
  test(`${account.url} (${account.who}): its tabs wrap on a phone, none cut or hidden`, async ({
    page,
  }) => {
    await login(page, account.email, account.password, /\/(home|admin)/);
    await page.goto(account.url);
    const nav = page.locator("main nav").filter({ has: page.locator('[aria-current="page"]') });
    await expect(nav).toHaveCount(1);
    await expectTabsOnScreen(nav, account.url);
    await expectTabsReachedByKeyboard(page, nav, account.url);
    const links = await nav.getByRole("link").allInnerTexts();
    for (const name of links) {
      await nav.getByRole("link", { name: name.trim(), exact: true }).click();
      await expect(nav.getByRole("link", { name: name.trim(), exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectTabsOnScreen(nav, `${account.url} ${name}`);
      await expectNoSidewaysScroll(page, `${account.url} ${name}`);
    }
  });
}

test("the dashboard's charts are readable on a phone: every label at least 11 px", async ({
  page,
}) => {
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  for (const period of ["24h", "7d", "30d", "90d"]) {
    await page.goto(`/admin?tab=analytics&period=${period}`);
    const figures = page.getByRole("figure");
    await expect(figures.first()).toBeVisible();
    const sizes = await page.locator("main figure").evaluateAll((nodes) =>
      nodes.flatMap((figure) => {
        // HTML labels: their computed size; SVG text: the height it is drawn at.
        const html = [...figure.querySelectorAll<HTMLElement>("[data-chart-label]")]
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({
            text: el.textContent ?? "",
            px: parseFloat(getComputedStyle(el).fontSize),
          }));
        const svg = [...figure.querySelectorAll<SVGTextElement>("svg text")].map((el) => ({
          text: el.textContent ?? "",
          px: el.getBoundingClientRect().height,
        }));
        return [...html, ...svg];
      }),
    );
    expect(sizes.length, `${period}: chart labels`).toBeGreaterThan(0);
    for (const label of sizes)
      expect(label.px, `${period}: "${label.text}"`).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    // The labels shown fit the phone, side by side, without overlapping.
    const boxes = await page
      .locator("main figure [data-chart-label]:visible")
      .evaluateAll((nodes) => nodes.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE_WIDTH);
    }
    await expectNoSidewaysScroll(page, `/admin?tab=analytics&period=${period}`);
  }
});

/** One gateway's card on the "Pagamentos" tab. */
const gatewayCard = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

async function testConnection(page: Page, card: Locator) {
  await card.getByRole("button", { name: "Testar conexão", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\?tab=pagamentos/);
}

/** Saves Mercado Pago's access token on /payment-methods (the form that owns it). */
async function saveMercadoPagoToken(page: Page, token: string) {
  await page.goto("/payment-methods");
  const form = page.locator("form#mercadopago-config");
  await form.locator('[name="accessToken"]').fill(token);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
}

test("Pagamentos: each gateway's situation, masked credentials and a working 'Testar conexão'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const secrets = credentials();
  await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
  await page.goto("/admin?tab=pagamentos");
  const mercadoPago = gatewayCard(page, "Mercado Pago (cartão e carteira)");
  const pagHiper = gatewayCard(page, "PagHiper (PIX)");
  for (const [card, secret] of [
    [mercadoPago, secrets.mercadopago.accessToken],
    [pagHiper, secrets.paghiper.token],
  ] as const) {
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("gateway-situation")).toHaveText("Configurado");
    await expect(card.getByText("Simulador local (sem cobranças reais)")).toBeVisible();
    // The secret's last four characters, never the secret.
    await expect(card).toContainText(`••••••••${secret.slice(-4)}`);
    expect(await card.innerText()).not.toContain(secret);
  }
  expect(await page.content()).not.toContain(secrets.mercadopago.accessToken);
  await expectNoSidewaysScroll(page, "/admin?tab=pagamentos");

  await testConnection(page, mercadoPago);
  await expect(mercadoPago.getByRole("status")).toHaveText(/^Conexão OK: .+/);
  await testConnection(page, pagHiper);
  await expect(pagHiper.getByRole("status")).toHaveText(
    "Conexão com o PagHiper OK: credenciais aceitas",
  );

  // A token the provider refuses: the test says so, in the spec's words; then the good one back.
  try {
    await saveMercadoPagoToken(page, "TEST-revoked-token-00000000");
    await page.goto("/admin?tab=pagamentos");
    await testConnection(page, mercadoPago);
    await expect(mercadoPago.getByRole("alert")).toHaveText(/^Falha no teste de conexão/);
  } finally {
    await saveMercadoPagoToken(page, secrets.mercadopago.accessToken);
  }
  await page.goto("/admin?tab=pagamentos");
  await testConnection(page, mercadoPago);
  await expect(mercadoPago.getByRole("status")).toHaveText(/^Conexão OK: .+/);
});
