import { describe, expect, it } from "vitest";
import {
  jsonLdGraph,
  jsonLdText,
  offerPrice,
  organizationNode,
  planProductNode,
  type OrganizationFacts,
  type SiteIdentity,
} from "./json-ld";

const site: SiteIdentity = {
  name: "Encaixa",
  base: "https://www.encaixa.com.br",
  logoUrl: "https://www.encaixa.com.br/logo.png",
  imageUrl: "https://www.encaixa.com.br/og-image.png",
};

const company: OrganizationFacts = {
  legalName: "Encaixa Tecnologia Ltda",
  taxId: "11.222.333/0001-81",
  email: "contato@encaixa.com.br",
  telephone: "5511987654321",
  streetAddress: "Av. Paulista, 1000, Bela Vista",
  city: "São Paulo",
  state: "SP",
  postalCode: "01310-100",
};

describe("offerPrice", () => {
  it("writes BRL cents as schema.org wants: a dot and two decimals, no sign", () => {
    expect(offerPrice(4990)).toBe("49.90");
    expect(offerPrice(19900)).toBe("199.00");
    expect(offerPrice(5)).toBe("0.05");
    expect(offerPrice(123456789)).toBe("1234567.89");
    expect(offerPrice(0)).toBe("0.00");
    expect(offerPrice(null)).toBe("0.00");
  });
});

describe("Organization", () => {
  it("names the site, its address and logo, and the company identity when one is kept", () => {
    expect(organizationNode(site, company)).toEqual({
      "@type": "Organization",
      "@id": "https://www.encaixa.com.br/#organization",
      name: "Encaixa",
      url: "https://www.encaixa.com.br/",
      logo: "https://www.encaixa.com.br/logo.png",
      legalName: "Encaixa Tecnologia Ltda",
      taxID: "11.222.333/0001-81",
      email: "contato@encaixa.com.br",
      telephone: "+5511987654321",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Av. Paulista, 1000, Bela Vista",
        addressLocality: "São Paulo",
        addressRegion: "SP",
        postalCode: "01310-100",
        addressCountry: "BR",
      },
    });
  });

  it("without a company, or with parts of it unset, names only what is known", () => {
    expect(organizationNode(site, null)).toEqual({
      "@type": "Organization",
      "@id": "https://www.encaixa.com.br/#organization",
      name: "Encaixa",
      url: "https://www.encaixa.com.br/",
      logo: "https://www.encaixa.com.br/logo.png",
    });
    const partial = organizationNode(site, {
      ...company,
      email: null,
      telephone: null,
      streetAddress: null,
      city: null,
      state: null,
      postalCode: null,
    });
    expect(partial).toMatchObject({ legalName: company.legalName, taxID: company.taxId });
    expect(partial).not.toHaveProperty("email");
    expect(partial).not.toHaveProperty("address");
    expect(partial).not.toHaveProperty("telephone");
  });
});

describe("Product", () => {
  it("sells a paid plan monthly in BRL, by the Organization", () => {
    const product = planProductNode(site, {
      id: 2,
      name: "Profissional",
      description: "Para lojas.",
      priceCents: 4990,
      isFree: false,
    });
    expect(product).toEqual({
      "@type": "Product",
      "@id": "https://www.encaixa.com.br/planos/2#product",
      name: "Encaixa Profissional",
      description: "Para lojas.",
      url: "https://www.encaixa.com.br/planos/2",
      image: site.imageUrl,
      brand: { "@type": "Brand", name: "Encaixa" },
      offers: {
        "@type": "Offer",
        url: "https://www.encaixa.com.br/planos/2",
        price: "49.90",
        priceCurrency: "BRL",
        availability: "https://schema.org/InStock",
        seller: { "@id": "https://www.encaixa.com.br/#organization" },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "49.90",
          priceCurrency: "BRL",
          billingDuration: "P1M",
          unitCode: "MON",
        },
      },
    });
  });

  it("offers a free plan at 0.00 BRL, with no monthly price", () => {
    const product = planProductNode(site, {
      id: 1,
      name: "Gratuito",
      description: "Para conhecer.",
      priceCents: null,
      isFree: true,
    });
    expect(product.offers).toEqual({
      "@type": "Offer",
      url: "https://www.encaixa.com.br/planos/1",
      price: "0.00",
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
      seller: { "@id": "https://www.encaixa.com.br/#organization" },
    });
  });
});

describe("jsonLdText", () => {
  it("cannot be broken out of: no <, >, & or line separators, and the JSON still means the same", () => {
    const hostile = {
      id: 3,
      name: '</script><script>alert("x")</script><!--',
      description: "A & B \u2028 C \u2029 D",
      priceCents: 100,
      isFree: false,
    };
    const graph = jsonLdGraph([organizationNode(site, null), planProductNode(site, hostile)]);
    const text = jsonLdText(graph);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain("</script");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(graph);
    expect(JSON.parse(text)["@graph"][1].name).toBe(`Encaixa ${hostile.name}`);
  });

  it("is one schema.org document with its nodes in a graph", () => {
    expect(JSON.parse(jsonLdText(jsonLdGraph([organizationNode(site, null)])))).toMatchObject({
      "@context": "https://schema.org",
      "@graph": [{ "@type": "Organization" }],
    });
  });
});
