import { expect, test, type Page } from "@playwright/test";
import { ADMIN, submitLogin } from "./support";

/**
 * The SEO tab of /admin: saving changes every public page's head; a refused save keeps what was
 * typed; robots.txt and sitemap.xml answer. Each test puts the settings back as it found them.
 */

type SeoObject = Record<string, string | boolean | null>;

const API = "/api/settings/seo";

async function savedSettings(page: Page): Promise<SeoObject> {
  const response = await page.request.get(API);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: SeoObject };
  const { updated_at: _updatedAt, ...settings } = data;
  return settings;
}

/** Puts the settings back through the API, as the app's own page would sign it. */
async function restore(page: Page, settings: SeoObject, baseURL: string) {
  const response = await page.request.put(API, {
    data: settings,
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

const metaContent = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).getAttribute("content");

test.describe("SEO settings", () => {
  let original: SeoObject;

  test.beforeEach(async ({ page }) => {
    // Straight to the tab: where the sign-in lands is not this journey's business.
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/(home|admin)/);
    original = await savedSettings(page);
  });

  test.afterEach(async ({ page, baseURL }) => {
    await restore(page, original, baseURL!);
  });

  test("the admin saves a title and description, and the landing's head shows them", async ({
    page,
    baseURL,
  }, testInfo) => {
    const title = `Encaixa E2E ${testInfo.project.name} — autopeças`;
    // Long enough to describe the site: a shorter one gives way to the default (ADR 0058).
    const description = `Descrição E2E ${testInfo.project.name}: peças que servem no seu carro, conferidas pelo código`;
    await page.goto("/admin?tab=seo");
    await expect(page.getByRole("heading", { name: "Configurações de SEO" })).toBeVisible();
    await page.getByLabel("Título do site", { exact: true }).fill(title);
    await page.getByLabel("Descrição do site", { exact: true }).fill(description);
    await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
    await expect(page.getByRole("status")).toHaveText(/Configurações de SEO salvas/);
    await expect(page).toHaveURL(/\/admin\?tab=seo$/);
    await expect(page.getByLabel("Título do site", { exact: true })).toHaveValue(title);

    await page.goto("/?utm_source=e2e");
    await expect(page).toHaveTitle(title);
    const canonical = original.canonical_url || baseURL;
    expect(await metaContent(page, 'meta[name="description"]')).toBe(description);
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(
      `${canonical}/`,
    );
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
    expect(await metaContent(page, 'meta[property="og:description"]')).toBe(description);
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${canonical}/`);
    expect(await metaContent(page, 'meta[property="og:locale"]')).toBe("pt_BR");
    expect(await metaContent(page, 'meta[name="twitter:title"]')).toBe(title);
    expect(await metaContent(page, 'meta[name="twitter:description"]')).toBe(description);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);

    // A page of its own names itself before the site, and describes itself (ADR 0058).
    await page.goto("/termos");
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${canonical}/termos`);
    expect(await metaContent(page, 'meta[name="description"]')).toMatch(/^Termos de Uso do /);
  });

  test("a description too short to be used is saved, and the tab says the pages show the default", async ({
    page,
  }) => {
    await page.goto("/admin?tab=seo");
    const notice = page.getByTestId("seo-short-description");
    await page.getByLabel("Descrição do site", { exact: true }).fill("Sistema de Peças");
    await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
    await expect(page.getByRole("status")).toHaveText(/Configurações de SEO salvas/);
    await expect(notice).toHaveText(
      "A descrição salva tem menos de 50 caracteres: as páginas mostram a descrição padrão do Encaixa até que ela seja ampliada.",
    );
    await page.goto("/");
    expect(await metaContent(page, 'meta[name="description"]')).not.toBe("Sistema de Peças");

    await page.goto("/admin?tab=seo");
    await page
      .getByLabel("Descrição do site", { exact: true })
      .fill("Peças que servem no seu carro, conferidas pelo código de cada uma delas");
    await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
    await expect(page.getByRole("status")).toHaveText(/Configurações de SEO salvas/);
    await expect(notice).toHaveCount(0);
  });

  test("a refused save keeps what was typed and says why in pt-BR", async ({ page }, testInfo) => {
    const title = `Não salvo ${testInfo.project.name}`;
    await page.goto("/admin?tab=seo");
    // With JavaScript, type once the form is hydrated: a click while React attaches is lost.
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Título do site", { exact: true }).fill(title);
    await page.getByLabel("Iniciais do logotipo", { exact: true }).fill("ABCD");
    await page.getByRole("button", { name: "Salvar configurações de SEO" }).click();
    await expect(
      page.getByText("As iniciais do logotipo devem ter no máximo 3 caracteres"),
    ).toBeVisible();
    await expect(page.getByLabel("Iniciais do logotipo", { exact: true })).toHaveValue("ABCD");
    await expect(page.getByLabel("Iniciais do logotipo", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Título do site", { exact: true })).toHaveValue(title);
    expect((await savedSettings(page)).site_title).toBe(original.site_title);
  });

  test("a signed-in page has the site's description and no robots meta (ADR 0063)", async ({
    page,
  }) => {
    await page.goto("/admin?tab=seo");
    // The saved one, or the catalogue's when it is too short to describe the site (ADR 0058).
    expect(await metaContent(page, 'meta[name="description"]')).toMatch(/^.{50,160}$/);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
  });
});

test.describe("robots.txt and sitemap.xml", () => {
  test("a crawler following a link to a customer's page is sent to sign in and told not to list it", async ({
    request,
  }) => {
    for (const path of ["/invoices", "/search?q=BR123456", "/home"]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers()["location"], path).toMatch(/^\/login\?redirectTo=/);
      expect(answer.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
    }
  });

  test("answer crawlers", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toMatch(/User-agent: \*/);

    // The tab icon draws the SEO settings' logo initials (the seed leaves the default).
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toBe("image/svg+xml");
    expect(await favicon.text()).toMatch(/^<svg [^>]+>.*<text [^>]+>[^<]{1,3}<\/text><\/svg>$/);

    const sitemap = await request.get("/sitemap.xml");
    // The seed leaves the sitemap on.
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toMatch(/<loc>[^<]+\/planos\/\d+<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]+\/termos<\/loc>/);
    expect(xml).not.toMatch(/\/parts|\/search/);
    expect(text).toContain("/sitemap.xml");
  });
});
