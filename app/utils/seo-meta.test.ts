import { describe, expect, it } from "vitest";
import {
  canonicalBase,
  canonicalUrl,
  DESCRIPTION_LENGTH,
  fitDescription,
  OG_IMAGE,
  seoHeadFrom,
  seoMeta,
  shareImage,
  shareImageMeta,
  usableDescription,
  type SeoHead,
} from "./seo-meta";

const BASE = "https://www.encaixa.com.br";
const ownImage = shareImage(BASE, null, { saved: "Encaixa", own: "Imagem do Encaixa" });
const head: SeoHead = {
  siteTitle: "Encaixa — peças que servem",
  siteDescription: "Compatibilidade de autopeças",
  siteName: "Encaixa",
  ogSiteName: null,
  imageTags: shareImageMeta(ownImage),
  twitterCard: "summary_large_image",
  twitterSite: null,
  canonicalBase: BASE,
  page: null,
};

const content = (meta: ReturnType<typeof seoMeta>, key: string) =>
  meta.find((d) => ("name" in d && d.name === key) || ("property" in d && d.property === key));

describe("seoMeta", () => {
  it("gives the landing the site title, description, canonical and every social tag", () => {
    const meta = seoMeta(head, { path: "/" });
    expect(meta).toContainEqual({ title: head.siteTitle });
    expect(meta).toContainEqual({ name: "description", content: head.siteDescription });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.encaixa.com.br/",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://www.encaixa.com.br/" });
    expect(meta).toContainEqual({ property: "og:title", content: head.siteTitle });
    expect(meta).toContainEqual({ property: "og:description", content: head.siteDescription });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Encaixa" });
    expect(meta).toContainEqual({ property: "og:locale", content: "pt_BR" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(meta).toContainEqual({ name: "twitter:title", content: head.siteTitle });
    expect(meta).toContainEqual({ name: "twitter:description", content: head.siteDescription });
    expect(content(meta, "twitter:site")).toBeUndefined();
  });

  it("names the page before the site, and uses the page's description when it has one", () => {
    const meta = seoMeta(head, { path: "/planos/3", title: "Pro", description: "Plano Pro" });
    expect(meta).toContainEqual({ title: "Pro — Encaixa" });
    expect(meta).toContainEqual({ name: "description", content: "Plano Pro" });
    expect(meta).toContainEqual({ name: "twitter:title", content: "Pro — Encaixa" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.encaixa.com.br/planos/3",
    });
  });

  it("adds twitter:site when set, and the OG site name over the site name", () => {
    const meta = seoMeta(
      {
        ...head,
        twitterSite: "@encaixa",
        ogSiteName: "Encaixa BR",
      },
      { path: "/termos", title: "Termos" },
    );
    expect(meta).toContainEqual({ name: "twitter:site", content: "@encaixa" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Encaixa BR" });
  });

  it("gives summary_large_image the app's own image, absolute, with its size, type and alt", () => {
    const meta = seoMeta(head, { path: "/" });
    const url = `${BASE}${OG_IMAGE.path}`;
    expect(meta).toContainEqual({ property: "og:image", content: url });
    expect(meta).toContainEqual({ property: "og:image:type", content: "image/png" });
    expect(meta).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(meta).toContainEqual({ property: "og:image:height", content: "630" });
    expect(meta).toContainEqual({ property: "og:image:alt", content: "Imagem do Encaixa" });
    expect(meta).toContainEqual({ name: "twitter:image", content: url });
    expect(meta).toContainEqual({ name: "twitter:image:alt", content: "Imagem do Encaixa" });
  });

  it("names the admin's image instead, without a size it cannot know", () => {
    const image = shareImage(BASE, "https://cdn.x/og.png", { saved: "Encaixa", own: "Nossa" });
    const meta = seoMeta({ ...head, imageTags: shareImageMeta(image) }, { path: "/" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://cdn.x/og.png" });
    expect(meta).toContainEqual({ name: "twitter:image", content: "https://cdn.x/og.png" });
    expect(meta).toContainEqual({ property: "og:image:alt", content: "Encaixa" });
    expect(content(meta, "og:image:width")).toBeUndefined();
    expect(content(meta, "og:image:type")).toBeUndefined();
  });

  it("uses the requested page's own description, only on that page", () => {
    const page = { path: "/login", description: "Entre para buscar peças", structuredData: null };
    expect(seoMeta({ ...head, page }, { path: "/login", title: "Entrar" })).toContainEqual({
      name: "description",
      content: "Entre para buscar peças",
    });
    // After a client-side navigation the root's head is the first page's: not this one's.
    expect(seoMeta({ ...head, page }, { path: "/register", title: "Criar" })).toContainEqual({
      name: "description",
      content: head.siteDescription,
    });
  });

  it("without the root's data (an error before it loaded) gives just the title", () => {
    expect(seoMeta(undefined, { path: "/login", title: "Entrar" })).toEqual([{ title: "Entrar" }]);
    expect(seoMeta(undefined, { path: "/" })).toEqual([]);
  });
});

describe("canonical addresses", () => {
  it("prefers the saved canonical URL, else the request's origin, never a trailing slash", () => {
    expect(canonicalBase("http://localhost:3000", null)).toBe("http://localhost:3000");
    expect(canonicalBase("http://localhost:3000", "https://x.com.br/")).toBe("https://x.com.br");
    expect(canonicalUrl("https://x.com.br", "/")).toBe("https://x.com.br/");
    expect(canonicalUrl("https://x.com.br", "//login")).toBe("https://x.com.br/login");
  });

  it("reads the head from the root match only", () => {
    expect(seoHeadFrom([{ id: "routes/x", data: { seoHead: {} } }])).toBeUndefined();
    expect(seoHeadFrom([{ id: "root", data: { seoHead: head } }, undefined])).toBe(head);
  });
});

describe("descriptions", () => {
  it("keeps a description that fits, collapsing its spaces", () => {
    expect(fitDescription("  Peças   que\nservem  ")).toBe("Peças que servem");
  });

  it("cuts a long one at a word, within the limit, with an ellipsis", () => {
    const long = `${"palavra ".repeat(40)}fim`;
    const fitted = fitDescription(long);
    expect(fitted.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH.max);
    expect(fitted).toMatch(/^palavra( palavra)+…$/);
    expect(fitDescription("Plano Pro: R$ 49,90/mês, muito bom", 20)).toBe("Plano Pro: R$…");
  });

  it("takes a saved description only when it is long enough to describe the site", () => {
    expect(usableDescription(null)).toBeNull();
    expect(usableDescription("   ")).toBeNull();
    expect(usableDescription("Sistema de Peças")).toBeNull();
    const real = "Compatibilidade de peças automotivas para oficinas e lojas de autopeças.";
    expect(usableDescription(` ${real} `)).toBe(real);
  });
});
