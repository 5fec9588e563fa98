import { expect, test } from "@playwright/test";
import * as messages from "../../app/messages";
import { ADMIN, login } from "./support";

/**
 * Malformed and foreign posts to the pages on the production server (server.mjs and the build,
 * ADR 0017): a 4xx with a pt-BR text, never a 500. The Vitest fuzz (tests/unit/fuzz-routes.test.ts)
 * covers every route in-process; this checks that the server wires the same answers.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "requests only: one project is enough");

test("a page's form posted from another origin: 403 with the reason, not Remix's 500", async ({
  page,
}) => {
  await login(page, ADMIN.email, ADMIN.password);
  for (const origin of ["https://evil.example", "null", "not a url"]) {
    const answer = await page.request.post("/categories/new", {
      headers: { Origin: origin },
      form: { name: `Categoria forjada ${Date.now()}` },
    });
    expect(answer.status(), origin).toBe(403);
    expect(await answer.text()).toBe(messages.auth.crossSiteForm);
  }
});

test("JSON or text to a form action: 415, and the page says why", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  for (const [path, type] of [
    ["/profile", "application/json"],
    ["/categories/new", "text/plain"],
  ]) {
    const answer = await page.request.post(path, {
      headers: { Origin: origin, "Content-Type": type },
      data: JSON.stringify({ intent: "profile", name: "X" }),
    });
    expect(answer.status(), path).toBe(415);
    expect(await answer.text()).toContain(messages.formPost.unsupportedType);
  }
});

test("one alternativeCodes value instead of rows: the part form again, 400", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  const answer = await page.request.post("/parts/new", {
    headers: { Origin: new URL(page.url()).origin },
    form: { code: "E2E-ALT", name: "Disco", manufacturer: "Bosch", alternativeCodes: "ABC123" },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain(messages.formPost.unreadable);
});

test("100 MB to the sign-in, JSON and form: 413 at once, and the server keeps answering", async ({
  request,
  baseURL,
}) => {
  const body = Buffer.alloc(100 * 1024 * 1024, "a");
  for (const [path, type] of [
    ["/api/auth/login", "application/json"],
    ["/login", "application/x-www-form-urlencoded"],
  ]) {
    const answer = await request.post(path, {
      headers: { "Content-Type": type, Origin: baseURL! },
      data: body,
    });
    expect(answer.status(), path).toBe(413);
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    const text = await answer.text();
    expect(text).toContain("Envio grande demais");
    if (path.startsWith("/api")) expect(JSON.parse(text)).toMatchObject({ success: false });
  }
  const ping = await request.get("/api/ping");
  expect(ping.status()).toBe(200);
});

test("a path the server cannot decode and a method a route does not take: the API envelope", async ({
  request,
}) => {
  const badPath = await request.get("/api/parts/%FF");
  expect(badPath.status()).toBe(400);
  expect(await badPath.json()).toMatchObject({
    success: false,
    message: messages.formPost.badPath,
  });
  const wrongMethod = await request.put("/api/ping");
  expect(wrongMethod.status()).toBe(405);
  expect(await wrongMethod.json()).toMatchObject({
    success: false,
    message: messages.api.methodNotAllowed,
  });
});
