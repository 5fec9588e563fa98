import { expect, test } from "@playwright/test";

/**
 * The API reference (/api/docs, ADR 0052): Swagger UI served by the app itself renders the
 * OpenAPI document with no request leaving the app's origin (no CDN, fonts or validator badge);
 * without JavaScript the page names the document.
 */

// The viewer's bundle is 1.7 MB: a loaded machine takes a while to parse it.
test.setTimeout(90_000);

test("/api/docs renders the reference with no request leaving the app", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  const cspViolations: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (new URL(url).origin !== origin) outside.push(url);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const answer = await page.goto("/api/docs", { waitUntil: "domcontentloaded" });
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveTitle("Referência da API — Encaixa");
  expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");

  if (javaScriptEnabled) {
    await expect(page.locator(".swagger-ui .info .title")).toContainText("API do Encaixa", {
      timeout: 60_000,
    });
    // An operation of each kind: its method and path, and a pt-BR summary.
    const search = page.locator(".opblock", { hasText: "/api/parts/search" }).first();
    await expect(search.locator(".opblock-summary-method")).toHaveText("GET");
    await expect(search.locator(".opblock-summary-path")).toHaveText("/api/parts/search");
    const ping = page.locator(".opblock", { hasText: "/api/ping" }).first();
    await expect(ping).toContainText("Verifica se a API está no ar");
    // Opening one shows its answers, read from the document.
    await ping.locator(".opblock-summary-control").click();
    await expect(ping.locator(".responses-table")).toContainText("200");
    // The document came from the app itself.
    await page.waitForLoadState("networkidle");
  } else {
    const link = page.getByRole("link", { name: /openapi\.json/ });
    await expect(link).toHaveAttribute("href", "/api/openapi.json");
    await expect(page.getByText("O contrato completo está no documento OpenAPI")).toBeVisible();
  }

  expect(outside, "requests outside the app's origin").toEqual([]);
  expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
});

test("/api/openapi.json is the OpenAPI 3.1 document, in pt-BR", async ({ request }) => {
  const answer = await request.get("/api/openapi.json");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
  const document = await answer.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.title).toBe("API do Encaixa");
  expect(document.paths["/api/parts/search"].get.summary).toMatch(/\S/);
});
