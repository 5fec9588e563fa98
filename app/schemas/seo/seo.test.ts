import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { apiSeoSchema, NO_SEO_SETTINGS, seoApiObject, seoFormSchema, type SeoInput } from "./seo";

/** As a form with the sitemap box unticked sends it. */
const NOTHING_SET_OFF: SeoInput = { ...NO_SEO_SETTINGS, sitemapEnabled: false };

const m = messages.seo;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: seoFormSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = form(fields);
  return submission.status === "success" ? {} : submission.error;
};

describe("the SEO form", () => {
  it("reads an empty form as nothing set, the sitemap off and the default card", () => {
    const submission = form({});
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual(NOTHING_SET_OFF);
  });

  it("trims, keeps what is valid and normalises the canonical URL and robots.txt", () => {
    const submission = form({
      siteTitle: "  Encaixa  ",
      logoInitials: "ENC",
      faviconUrl: "/favicon.svg",
      ogImageUrl: "https://cdn.exemplo.com.br/og.png",
      twitterCard: "summary",
      twitterSite: "@encaixa_br",
      robotsTxt: "User-agent: *\r\nDisallow: /x\r\n",
      sitemapEnabled: "on",
      canonicalUrl: "https://www.exemplo.com.br/",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      siteTitle: "Encaixa",
      logoInitials: "ENC",
      faviconUrl: "/favicon.svg",
      twitterCard: "summary",
      twitterSite: "@encaixa_br",
      robotsTxt: "User-agent: *\nDisallow: /x",
      sitemapEnabled: true,
      canonicalUrl: "https://www.exemplo.com.br",
    });
  });

  it("refuses each bad field with its pt-BR message", () => {
    const errors = errorsOf({
      siteTitle: "x".repeat(71),
      siteDescription: "x".repeat(301),
      logoInitials: "ABCD",
      faviconUrl: "//outro.site/icon.png",
      ogImageUrl: "javascript:alert(1)",
      twitterCard: "player",
      twitterSite: "encaixa",
      robotsTxt: "x".repeat(10_001),
      canonicalUrl: "https://www.exemplo.com.br/?utm=1",
    });
    expect(errors).toMatchObject({
      siteTitle: [m.errors.tooLong(m.fields.siteTitle, 70)],
      siteDescription: [m.errors.tooLong(m.fields.siteDescription, 300)],
      logoInitials: [m.errors.logoInitialsTooLong],
      faviconUrl: [m.errors.invalidFavicon],
      ogImageUrl: [m.errors.invalidUrl(m.fields.ogImageUrl)],
      twitterCard: [m.errors.invalidTwitterCard],
      twitterSite: [m.errors.invalidTwitterSite],
      robotsTxt: [m.errors.tooLong(m.fields.robotsTxt, 10_000)],
      canonicalUrl: [m.errors.canonicalWithQuery],
    });
  });

  it.each(["ftp://x.com/a.png", "https://", "https://exemplo.com/a b.png", "https://u:p@x.com/a"])(
    "refuses %s as an image address",
    (url) => expect(errorsOf({ ogImageUrl: url })).toHaveProperty("ogImageUrl"),
  );

  it("refuses a canonical URL with a fragment, and a relative one", () => {
    expect(errorsOf({ canonicalUrl: "https://x.com#a" })).toHaveProperty("canonicalUrl");
    expect(errorsOf({ canonicalUrl: "/x" })).toHaveProperty("canonicalUrl");
  });

  it("answers a list where text is expected with a message, not a crash", () => {
    const data = new FormData();
    data.append("siteTitle", "a");
    data.append("siteTitle", "b");
    const submission = parseWithZod(data, { schema: seoFormSchema });
    expect(submission.status).toBe("error");
  });
});

describe("the API's SEO object", () => {
  const saved = seoApiObject({ ...NOTHING_SET_OFF, siteTitle: "Salvo", sitemapEnabled: true });

  it("keeps fields left out, clears those sent as null and reads booleans", () => {
    const parsed = apiSeoSchema(saved).safeParse({ site_name: "Novo", site_title: null });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ siteName: "Novo", siteTitle: null, sitemapEnabled: true });
    const off = apiSeoSchema(saved).safeParse({ sitemap_enabled: false });
    expect(off.data?.sitemapEnabled).toBe(false);
  });

  it("answers with the same messages under the API's names", () => {
    const parsed = apiSeoSchema(saved).safeParse({
      logo_initials: "ABCD",
      sitemap_enabled: "talvez",
      site_title: 42,
    });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(
      parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(byPath).toEqual({
      logo_initials: m.errors.logoInitialsTooLong,
      sitemap_enabled: m.errors.invalidSitemapEnabled,
      site_title: m.errors.invalidText(m.fields.siteTitle),
    });
  });

  it.each([[[]], ["texto"], [null], [{ outro: 1 }]])("refuses %j as a body", (body) => {
    const parsed = apiSeoSchema(saved).safeParse(body);
    expect(parsed.error?.issues[0]?.message).toBe(m.errors.nothingToSave);
  });
});
