import { expect, test } from "@playwright/test";

test.describe("not found", () => {
  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/pagina-que-nao-existe/123");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Página não encontrada", level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText("A página que você está procurando não existe ou foi movida."),
    ).toBeVisible();

    const back = page.getByRole("link", { name: "Voltar para o início" });
    await expect(back).toHaveAttribute("href", "/");
    await back.click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("plan-card").first()).toBeVisible();
  });

  test("an unknown plan id is a 404 too", async ({ page }) => {
    const response = await page.goto("/planos/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });

  test("the profile API without a session is a 401 JSON envelope", async ({ request }) => {
    const response = await request.get("/api/auth/profile");
    expect(response.status()).toBe(401);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(body).toMatchObject({ success: false, data: null });
    expect(typeof body.message).toBe("string");
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.message).toBe("Autenticação necessária. Faça login novamente.");
  });

  test("an unknown API path is a 404 JSON envelope, not the HTML page", async ({ request }) => {
    const response = await request.get("/api/nao-existe");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ success: false, data: null });
  });
});
