import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * What search engines and link previews read of the public pages (ADR 0058), from the demo
 * install: each page's own meta description of 50–160 characters, the app's 1200×630 PNG share
 * image for summary_large_image, and the JSON-LD — the company as an Organization, every public
 * plan as a Product with its Offer in BRL — in a script carrying the response's CSP nonce.
 */

const metaContent = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).getAttribute("content");

type Node = Record<string, unknown> & { "@type": string };

/** The page's JSON-LD documents' nodes. */
async function structuredData(page: Page): Promise<Node[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => (JSON.parse(text) as { "@graph": Node[] })["@graph"]);
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function fetchImage(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  return pngSize(await response.body());
}

async function description(page: Page): Promise<string> {
  const text = (await metaContent(page, 'meta[name="description"]')) ?? "";
  expect(text.length, page.url()).toBeGreaterThanOrEqual(50);
  expect(text.length, page.url()).toBeLessThanOrEqual(160);
  return text;
}

test("the landing: a real description, a 1200×630 share image, Organization and plans in JSON-LD", async ({
  page,
  request,
  baseURL,
}) => {
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");

  expect(await description(page)).not.toBe("Sistema de Peças");
  expect(await metaContent(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  const image = await metaContent(page, 'meta[property="og:image"]');
  expect(image).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
  expect(await metaContent(page, 'meta[name="twitter:image"]')).toBe(image);
  expect(await metaContent(page, 'meta[property="og:image:width"]')).toBe("1200");
  expect(await metaContent(page, 'meta[property="og:image:height"]')).toBe("630");
  expect(await metaContent(page, 'meta[property="og:image:type"]')).toBe("image/png");
  expect(await metaContent(page, 'meta[property="og:image:alt"]')).toMatch(/\w{10,}/);
  expect(await fetchImage(request, image!)).toEqual({ width: 1200, height: 630 });

  const nodes = await structuredData(page);
  const organization = nodes.find((node) => node["@type"] === "Organization");
  expect(organization).toMatchObject({
    name: expect.any(String),
    url: expect.stringMatching(/^https?:\/\/.+\/$/),
    logo: expect.stringMatching(/\/logo\.png$/),
    // The demo install keeps a company identity.
    legalName: expect.any(String),
    taxID: expect.stringMatching(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/),
    address: expect.objectContaining({ "@type": "PostalAddress", addressCountry: "BR" }),
  });
  expect(await fetchImage(request, organization!.logo as string)).toEqual({
    width: 512,
    height: 512,
  });

  const products = nodes.filter((node) => node["@type"] === "Product");
  // The demo plans: Gratuito, Profissional, Enterprise.
  expect(products.length).toBeGreaterThanOrEqual(3);
  for (const product of products) {
    expect(product.url).toMatch(/\/planos\/\d+$/);
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
    });
  }
  expect(products.map((product) => (product.offers as { price: string }).price)).toContain("49.90");

  // A data block, never run: served as such, and nothing broke the page's CSP.
  const response = await request.get(`${baseURL}/`);
  expect(await response.text()).toContain(`<script type="application/ld+json">`);
  expect(cspErrors).toEqual([]);
});

test("a plan's page describes the plan and carries its Product", async ({ page }) => {
  await page.goto("/");
  const paid = (await structuredData(page)).find(
    (node) => node["@type"] === "Product" && (node.offers as { price: string }).price === "49.90",
  );
  expect(paid).toBeDefined();
  await page.goto(new URL(paid!.url as string).pathname);
  expect(await description(page)).toMatch(/^Plano Profissional do .+: R\$\s?49,90\/mês, /);
  const nodes = await structuredData(page);
  expect(nodes.map((node) => node["@type"])).toEqual(["Organization", "Product"]);
  expect(nodes[1]).toMatchObject({
    url: paid!.url,
    offers: { price: "49.90", priceCurrency: "BRL" },
  });
});

test("every public page has a description of its own", async ({ page }) => {
  const seen = new Map<string, string>();
  for (const path of ["/", "/login", "/register", "/termos", "/privacidade"]) {
    await page.goto(path);
    const text = await description(page);
    expect(seen.get(text), `${path} repeats ${seen.get(text)}`).toBeUndefined();
    seen.set(text, path);
    // Only the landing and the plans carry structured data.
    if (path !== "/")
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  }
});
