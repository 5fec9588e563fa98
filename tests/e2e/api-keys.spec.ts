import { expect, test } from "@playwright/test";
import { register, setDailySearches } from "./support";

/**
 * API keys on /settings (ADR 0049), JavaScript on and off: a free customer reads that the API comes
 * with paid plans; on a paid plan they make a key, see it once (a copy button with JavaScript, a
 * selectable field without), never again after a new visit, use it, and revoke it via its dialog.
 */

test("a paid customer makes a key, sees it once, uses it and revokes it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const { email } = await register(page, testInfo, "Cliente Chaves");

  await page.goto("/settings?tab=api");
  await expect(page.getByTestId("api-keys-paid-only")).toContainText("planos pagos");
  await expect(page.getByRole("link", { name: "Ver planos" })).toHaveAttribute(
    "href",
    "/settings?tab=planos",
  );

  await setDailySearches(email, 20);
  await page.goto("/settings?tab=api");
  await expect(page.getByTestId("api-keys-empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Referência da API" })).toHaveAttribute(
    "href",
    "/api/docs",
  );
  await page.getByLabel("Nome da chave").fill("Loja virtual");
  await page.getByRole("button", { name: "Criar chave" }).click();

  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("não será mostrada de novo");
  const field = shown.getByRole("textbox");
  await expect(field).toHaveValue(/^enc_live_[A-Za-z0-9_-]{43}$/);
  const key = await field.inputValue();
  const copy = shown.getByRole("button", { name: "Copiar chave" });
  if (testInfo.project.name === "js-off") await expect(copy).toHaveCount(0);
  else await expect(copy).toBeVisible();

  // A new visit lists the key by its prefix, never the key itself.
  await page.goto("/settings?tab=api");
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  const row = page.getByTestId("api-keys-list").getByRole("row", { name: /Loja virtual/ });
  await expect(row).toContainText(`${key.slice(0, 13)}…`);
  await expect(row).toContainText("Nunca usada");
  expect(await page.content()).not.toContain(key);

  const asKey = { headers: { Authorization: `Bearer ${key}` } };
  const profile = await page.request.get("/api/auth/profile", asKey);
  expect(profile.status()).toBe(200);
  expect((await profile.json()).data.user.email).toBe(email);
  await page.goto("/settings?tab=api");
  await expect(row).not.toContainText("Nunca usada");

  await row.getByRole("link", { name: /Revogar/ }).click();
  const dialog = page.getByRole("dialog", { name: "Revogar chave de API" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Loja virtual");
  await dialog.getByRole("button", { name: "Revogar chave" }).click();
  await page.waitForURL(/\/settings\?tab=api$/);
  await expect(page.getByText("Chave “Loja virtual” revogada.").first()).toBeVisible();
  await expect(row).toContainText("Revogada em");
  expect((await page.request.get("/api/auth/profile", asKey)).status()).toBe(401);
});
