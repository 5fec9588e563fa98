import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity, plans, seoSettings } from "~db/schema";
import * as messages from "~/messages";
import { NO_SEO_SETTINGS, type SeoInput } from "~/schemas/seo/seo";
import { db } from "~/utils/db.server";
import { accepted, createPlan, createUser } from "../../../tests/support/factories";
import {
  publicSeo,
  robotsTxt,
  saveSeoSettings,
  seoSettingsForAdmin,
  sitemapEntries,
  STATIC_PAGES_LASTMOD,
} from "./seo.server";

const ORIGIN = "http://localhost:3000";

let adminId: number;
beforeAll(async () => {
  adminId = (await createUser({ role: "admin" })).user.id;
});
beforeEach(() => {
  db().delete(seoSettings).run();
});

describe("SEO settings", () => {
  it("with no row yet: the admin sees nothing set, visitors the built-in defaults", () => {
    expect(seoSettingsForAdmin()).toEqual({ ...NO_SEO_SETTINGS, updatedAt: null });
    expect(publicSeo()).toMatchObject({
      siteName: messages.app.defaultSiteName,
      siteTitle: messages.app.defaultSiteName,
      siteDescription: messages.seoPages.defaultDescription,
      twitterCard: "summary_large_image",
    });
  });

  it("saves every field (creating the row), reads them back and records who saved", () => {
    const input: SeoInput = {
      siteTitle: "Encaixa — autopeças",
      siteDescription: "Compatibilidade de peças",
      siteName: "Encaixa",
      logoInitials: "ENC",
      faviconUrl: "/icone.png",
      ogSiteName: "Encaixa BR",
      ogImageUrl: "https://cdn.exemplo.com/og.png",
      twitterCard: "summary",
      twitterSite: "@encaixa",
      robotsTxt: "User-agent: *\nDisallow: /",
      sitemapEnabled: false,
      canonicalUrl: "https://www.exemplo.com.br",
    };
    const saved = accepted(saveSeoSettings(input, adminId));
    expect(saved).toMatchObject(input);
    expect(saved.updatedAt).toBeInstanceOf(Date);
    expect(seoSettingsForAdmin()).toMatchObject(input);
    expect(publicSeo()).toMatchObject({
      siteTitle: input.siteTitle,
      canonicalUrl: input.canonicalUrl,
    });
    const logged = db()
      .select()
      .from(activity)
      .where(and(eq(activity.actorId, adminId), eq(activity.entity, "seo_settings")))
      .all();
    expect(logged.at(-1)).toMatchObject({ type: "settings", action: messages.seo.activitySaved });

    // A second save replaces the row: what is left empty is cleared, not kept.
    accepted(saveSeoSettings(NO_SEO_SETTINGS, adminId));
    expect(seoSettingsForAdmin()).toMatchObject(NO_SEO_SETTINGS);
    expect(db().select().from(seoSettings).all()).toHaveLength(1);
  });
});

describe("robots.txt", () => {
  it("by default allows the public and customers' pages, disallows the back-office and points at the sitemap", () => {
    const text = robotsTxt(ORIGIN);
    expect(text).toMatch(/^User-agent: \*\nDisallow: /);
    for (const path of ["/admin", "/api/", "/parts", "/vehicles", "/customers", "/logout"])
      expect(text).toContain(`Disallow: ${path}\n`);
    // Closed by the sign-in instead, whose redirect says noindex (ADR 0063).
    expect(text).not.toMatch(/Disallow: \/(home|search|settings|invoices|profile|usage)\n/);
    // Every Disallow before the one Allow (tests/unit/robots-parsers.test.ts reads it both ways).
    expect(text.lastIndexOf("Disallow:")).toBeLessThan(text.indexOf("Allow: /\n"));
    expect(text.match(/^Allow:/gm)).toHaveLength(1);
    expect(text).not.toMatch(/Disallow: \/planos|Disallow: \/termos|Disallow: \/login/);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it("names the canonical URL's sitemap, and leaves the line out while the sitemap is off", () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, canonicalUrl: "https://www.exemplo.com.br" }, adminId);
    expect(robotsTxt(ORIGIN)).toContain("Sitemap: https://www.exemplo.com.br/sitemap.xml");
    saveSeoSettings({ ...NO_SEO_SETTINGS, sitemapEnabled: false }, adminId);
    expect(robotsTxt(ORIGIN)).not.toContain("Sitemap:");
  });

  it("answers the admin's own text as saved", () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, robotsTxt: "User-agent: *\nDisallow: /" }, adminId);
    expect(robotsTxt(ORIGIN)).toBe("User-agent: *\nDisallow: /\n");
  });
});

describe("sitemap", () => {
  it("is off (null) when the admin turns it off", () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, sitemapEnabled: false }, adminId);
    expect(sitemapEntries(ORIGIN)).toBeNull();
  });

  it("lists the public pages and active plans only, absolute, with honest dates", () => {
    const active = createPlan({ status: "active" });
    const inactive = createPlan({ status: "inactive" });
    const planUpdated = new Date("2031-02-03T04:05:06Z");
    db().update(plans).set({ updatedAt: planUpdated }).where(eq(plans.id, active.id)).run();
    saveSeoSettings({ ...NO_SEO_SETTINGS, canonicalUrl: "https://www.exemplo.com.br" }, adminId);

    const entries = sitemapEntries(ORIGIN)!;
    const locs = entries.map((e) => e.loc);
    for (const path of ["/", "/login", "/register", "/termos", "/privacidade"])
      expect(locs).toContain(`https://www.exemplo.com.br${path}`);
    expect(locs).toContain(`https://www.exemplo.com.br/planos/${active.id}`);
    expect(locs).not.toContain(`https://www.exemplo.com.br/planos/${inactive.id}`);
    expect(locs.every((loc) => loc.startsWith("https://www.exemplo.com.br/"))).toBe(true);
    expect(locs.some((loc) => /\/parts|\/search|\/vehicles/.test(loc))).toBe(false);

    const at = (loc: string) => entries.find((e) => e.loc === loc)!.lastmod;
    expect(at(`https://www.exemplo.com.br/planos/${active.id}`)).toEqual(planUpdated);
    // The landing lists the plans, so it changed when the newest of them did.
    expect(at("https://www.exemplo.com.br/")).toEqual(planUpdated);
    expect(at("https://www.exemplo.com.br/termos")).toEqual(STATIC_PAGES_LASTMOD);
  });
});
