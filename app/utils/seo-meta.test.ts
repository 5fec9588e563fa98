import { describe, expect, it } from "vitest";
import { canonicalBase, canonicalUrl, seoHeadFrom, seoMeta, type SeoHead } from "./seo-meta";

const head: SeoHead = {
  siteTitle: "Encaixa — peças que servem",
  siteDescription: "Compatibilidade de autopeças",
  siteName: "Encaixa",
  ogSiteName: null,
  ogImageUrl: null,
  twitterCard: "summary_large_image",
  twitterSite: null,
  canonicalBase: "https://www.encaixa.com.br",
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
    expect(content(meta, "og:image")).toBeUndefined();
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

  it("adds og:image and twitter:site when set, and the OG site name over the site name", () => {
    const meta = seoMeta(
      {
        ...head,
        ogImageUrl: "https://cdn.x/og.png",
        twitterSite: "@encaixa",
        ogSiteName: "Encaixa BR",
      },
      { path: "/termos", title: "Termos" },
    );
    expect(meta).toContainEqual({ property: "og:image", content: "https://cdn.x/og.png" });
    expect(meta).toContainEqual({ name: "twitter:site", content: "@encaixa" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "Encaixa BR" });
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
