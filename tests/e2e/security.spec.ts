import { expect, test } from "@playwright/test";
import path from "node:path";
import { JS_BUDGET_KB, pageWeights } from "../../bench/page-weights.mjs";
import { clientBuildDir, serverLeaks } from "../support/client-bundle";
import { ADMIN, login, submitLogin, USER } from "./support";

/** docs/decisions/0015-csrf-and-headers.md, checked on the production server and its build. */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one project (JS on) is enough");

test.describe("security headers", () => {
  const answers = [
    ["JSON of /api", "/api/ping"],
    ["a single-fetch .data answer", "/login.data"],
    ["an HTML page", "/login"],
    ["a resource route", "/healthz"],
  ] as const;

  for (const [what, url] of answers) {
    test(`${what} (${url}) carries them`, async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // The server under test is a local production build (ENCAIXA_LOCAL, plain http): no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
    });
  }

  test("the HTML page has its content security policy with a nonce", async ({ request }) => {
    const csp = (await request.get("/login")).headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });
});

test("pages whose forms check themselves break no rule of their own CSP (zod runs jitless)", async ({
  page,
}) => {
  // Recorded from the first script on: zod's `new Function` probe ran while the modules loaded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const seen: string[] = [];

  // Sign-in: the schema arrives on the first touch and refuses an empty password.
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(USER.email);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText("Por favor, preencha todos os campos")).toBeVisible();
  seen.push(...(await violations()));
  await submitLogin(page, USER.email, USER.password, { goto: false });
  await page.waitForURL(/\/home$/);

  // /profile loads its schema with the page and checks the form in the browser.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("");
  await page.getByRole("button", { name: /Salvar/ }).first().click();
  seen.push(...(await violations()));

  expect(seen).toEqual([]);
});

test("the admin's cookie writes through /api from our pages only", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const name = `Categoria E2E CSRF ${Date.now()}`;
  // A page of another site posts a text/plain body with the admin's cookie (the attack of #9).
  const forged = await page.request.post("/api/parts/categories", {
    headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
    data: JSON.stringify({ name }),
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).success).toBe(false);
  // Our own page's fetch: the browser says Sec-Fetch-Site: same-origin.
  const own = await page.evaluate(async (categoryName) => {
    const response = await fetch("/api/parts/categories", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: categoryName }),
    });
    return { status: response.status, body: await response.json() };
  }, name);
  expect(own).toMatchObject({ status: 201, body: { success: true, data: { name } } });
});

test("no client file carries the database schema, the SQLite driver or a secret's name", () => {
  expect(serverLeaks(clientBuildDir())).toEqual([]);
});

test(`every budgeted page loads at most ${JS_BUDGET_KB} KB of gzip JavaScript, or its own budget (issue #13)`, () => {
  const weights = pageWeights(path.dirname(clientBuildDir()));
  expect(weights.map((page) => page.name)).toEqual(
    expect.arrayContaining(["landing", "login", "register", "home", "search", "invoices", "pix"]),
  );
  // Only a page drawn over another (the PIX dialog) may name a budget of its own.
  expect(weights.filter((page) => page.budgetKb !== JS_BUDGET_KB).map((page) => page.name)).toEqual(
    ["pix"],
  );
  const over = weights
    .filter((page) => page.kbGzip > page.budgetKb)
    .map((page) => `${page.name}: ${page.kbGzip.toFixed(1)} KB > ${page.budgetKb}`);
  expect(over).toEqual([]);
});
