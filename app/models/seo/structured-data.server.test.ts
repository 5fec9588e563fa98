import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companyIdentity as companyTable, plans, seoSettings } from "~db/schema";
import * as messages from "~/messages";
import { NO_SEO_SETTINGS } from "~/schemas/seo/seo";
import { db } from "~/utils/db.server";
import { DESCRIPTION_LENGTH } from "~/utils/seo-meta";
import { saveCompanyIdentity } from "../company/index.server";
import { COMPANY_AS_TYPED } from "../../../tests/support/company";
import { accepted, createPlan, createUser } from "../../../tests/support/factories";
import { seoHeadFor } from "./page-head.server";
import { saveSeoSettings } from "./seo.server";
import { landingStructuredData, planDescription, planPageSeo } from "./structured-data.server";

const ORIGIN = "http://localhost:3000";

type Node = Record<string, unknown> & { "@type": string };
const nodes = (graph: { "@graph": unknown[] }) => graph["@graph"] as Node[];
const products = (graph: { "@graph": unknown[] }) =>
  nodes(graph).filter((node) => node["@type"] === "Product");

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});
beforeEach(() => {
  db().delete(seoSettings).run();
  db().delete(companyTable).run();
  db().update(plans).set({ status: "inactive" }).run();
});

describe("the landing's structured data", () => {
  it("has one Product per public plan, priced in BRL, and none for an inactive plan", () => {
    const free = createPlan({ name: "Grátis JSON-LD", priceCents: 0, sortOrder: 0 });
    const paid = createPlan({ name: "Pro JSON-LD", priceCents: 4990, sortOrder: 1 });
    const hidden = createPlan({ name: "Oculto JSON-LD", priceCents: 9990, status: "inactive" });

    const graph = landingStructuredData(ORIGIN);
    expect(graph["@context"]).toBe("https://schema.org");
    const listed = products(graph);
    expect(listed.map((p) => p.url)).toEqual([
      `${ORIGIN}/planos/${free.id}`,
      `${ORIGIN}/planos/${paid.id}`,
    ]);
    expect(JSON.stringify(graph)).not.toContain(hidden.name);
    expect(listed[0]!.offers).toMatchObject({ price: "0.00", priceCurrency: "BRL" });
    expect(listed[1]!.offers).toMatchObject({
      price: "49.90",
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
    });
    for (const product of listed)
      expect(String(product.description).length).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max);
  });

  it("names the company identity in the Organization once one is kept, on the canonical base", () => {
    createPlan({ name: "Plano com empresa" });
    expect(nodes(landingStructuredData(ORIGIN))[0]).toEqual({
      "@type": "Organization",
      "@id": `${ORIGIN}/#organization`,
      name: messages.app.defaultSiteName,
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.png`,
    });

    accepted(saveCompanyIdentity(COMPANY_AS_TYPED, adminId));
    saveSeoSettings({ ...NO_SEO_SETTINGS, canonicalUrl: "https://www.exemplo.com.br" }, adminId);
    const organization = nodes(landingStructuredData(ORIGIN))[0]!;
    expect(organization).toMatchObject({
      "@id": "https://www.exemplo.com.br/#organization",
      url: "https://www.exemplo.com.br/",
      logo: "https://www.exemplo.com.br/logo.png",
      legalName: COMPANY_AS_TYPED.legalName,
      taxID: COMPANY_AS_TYPED.cnpj,
      email: COMPANY_AS_TYPED.email,
      telephone: "+5511987654321",
      address: {
        "@type": "PostalAddress",
        streetAddress: COMPANY_AS_TYPED.address,
        addressLocality: COMPANY_AS_TYPED.city,
        addressRegion: "SP",
        postalCode: "01310-100",
        addressCountry: "BR",
      },
    });
  });
});

describe("a plan's page", () => {
  it("describes the plan in one sentence of at most 160 characters", () => {
    const plan = createPlan({
      name: "Profissional JSON-LD",
      priceCents: 4990,
      creditsPerMonth: 6000,
      description: "Para lojas de autopeças e oficinas que consultam o catálogo o dia inteiro.",
    });
    const seo = planPageSeo(ORIGIN, plan.id)!;
    expect(seo.description).toMatch(/^Plano Profissional JSON-LD do Encaixa: R\$\s?49,90\/mês, /);
    expect(seo.description).toContain("Para lojas de autopeças");
    expect(seo.description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max);
    expect(nodes(seo.structuredData).map((node) => node["@type"])).toEqual([
      "Organization",
      "Product",
    ]);
    expect(
      planDescription({ ...plan, isFree: true, dailySearches: -1, description: null }, "Encaixa"),
    ).toMatch(
      /^Plano Profissional JSON-LD do Encaixa: R\$\s?0,00 para sempre, Buscas ilimitadas\.$/,
    );
  });

  it("has nothing for an inactive or unknown plan", () => {
    const hidden = createPlan({ status: "inactive" });
    expect(planPageSeo(ORIGIN, hidden.id)).toBeNull();
    expect(planPageSeo(ORIGIN, 999_999)).toBeNull();
  });
});

describe("the root's head for each public page", () => {
  const head = (path: string) => seoHeadFor(new URL(path, ORIGIN));

  it("replaces a saved description too short to describe the site with the catalogue's", () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteDescription: "Sistema de Peças" }, adminId);
    expect(head("/").siteDescription).toBe(messages.seoPages.defaultDescription);
    const own = "Peças automotivas com compatibilidade conferida, para oficinas de todo o Brasil.";
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteDescription: own }, adminId);
    expect(head("/").siteDescription).toBe(own);
  });

  it("gives every public page a description of 50 to 160 characters", () => {
    const plan = createPlan({ name: "Plano da página", priceCents: 1990 });
    const descriptions = {
      "/": head("/").siteDescription,
      "/login": head("/login?redirectTo=/search").page?.description,
      "/register": head("/register").page?.description,
      "/termos": head("/termos").page?.description,
      "/privacidade": head("/privacidade").page?.description,
      [`/planos/${plan.id}`]: head(`/planos/${plan.id}`).page?.description,
    };
    expect(new Set(Object.values(descriptions)).size).toBe(6);
    for (const [path, text] of Object.entries(descriptions)) {
      expect(text, path).toBeTruthy();
      expect(text!.length, path).toBeGreaterThanOrEqual(DESCRIPTION_LENGTH.min);
      expect(text!.length, path).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max);
    }
  });

  it("carries the landing's and a plan's JSON-LD, escaped, and none elsewhere", () => {
    const plan = createPlan({ name: "</script><b>Plano</b>" });
    const landing = head("/").page!.structuredData!;
    expect(landing).not.toMatch(/[<>]/);
    expect(JSON.parse(landing)["@graph"]).toHaveLength(2);
    expect(JSON.parse(head(`/planos/${plan.id}`).page!.structuredData!)).toMatchObject({
      "@graph": [{ "@type": "Organization" }, { "@type": "Product", name: `Encaixa ${plan.name}` }],
    });
    expect(head("/login").page!.structuredData).toBeNull();
    expect(head("/search").page).toBeNull();
    expect(head("/planos/abc").page).toBeNull();
  });

  it("names the app's own share image, absolute on the canonical base, with its size", () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, canonicalUrl: "https://www.exemplo.com.br" }, adminId);
    expect(head("/").imageTags).toEqual(
      expect.arrayContaining([
        { property: "og:image", content: "https://www.exemplo.com.br/og-image.png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { property: "og:image:alt", content: messages.seoPages.ogImage.alt },
        { name: "twitter:image", content: "https://www.exemplo.com.br/og-image.png" },
      ]),
    );
  });
});
