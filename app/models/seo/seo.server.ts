import { eq } from "drizzle-orm";
import { plans, seoSettings } from "~db/schema";
import { db, preparedOnce } from "~/utils/db.server";
import { canonicalBase, usableDescription } from "~/utils/seo-meta";
import { DEFAULT_TWITTER_CARD, TWITTER_CARDS, type SeoInput } from "~/schemas/seo/seo";
import * as messages from "~/messages";
import { logActivity } from "../activity/activity.server";
import { accept, type Outcome } from "../outcome";

export type PublicSeo = {
  siteName: string;
  siteDescription: string;
  logoInitials: string;
  siteTitle: string;
  faviconUrl: string | null;
  ogSiteName: string | null;
  ogImageUrl: string | null;
  twitterCard: string;
  twitterSite: string | null;
  canonicalUrl: string | null;
};

/** Every SEO setting as the admin saved it (null = not set), and when it was last saved. */
export type SeoSettings = SeoInput & { updatedAt: Date | null };

const SEO_ROW_ID = 1;

/** Every page's root loader reads it: prepared once per connection. */
const seoRow = preparedOnce((database) =>
  database.select().from(seoSettings).where(eq(seoSettings.id, SEO_ROW_ID)).prepare(),
);
const readRow = () => seoRow().get();

/** What any visitor may read of the SEO settings, with the built-in defaults filled in. */
export function publicSeo(): PublicSeo {
  const row = readRow();
  const siteName = row?.siteName?.trim() || messages.app.defaultSiteName;
  return {
    siteName,
    // A saved description too short to describe the site ("Sistema de Peças") gives way to ours.
    siteDescription:
      usableDescription(row?.siteDescription) ?? messages.seoPages.defaultDescription,
    logoInitials: row?.logoInitials?.trim() || messages.app.defaultLogoInitials,
    siteTitle: row?.siteTitle?.trim() || siteName,
    faviconUrl: row?.faviconUrl ?? null,
    ogSiteName: row?.ogSiteName ?? null,
    ogImageUrl: row?.ogImageUrl ?? null,
    twitterCard: row?.twitterCard ?? DEFAULT_TWITTER_CARD,
    twitterSite: row?.twitterSite ?? null,
    canonicalUrl: row?.canonicalUrl ?? null,
  };
}

/** The admin's view: every field as saved, nothing filled in (the form shows what is really set). */
export function seoSettingsForAdmin(): SeoSettings {
  const row = readRow();
  const twitterCard = TWITTER_CARDS.find((card) => card === row?.twitterCard);
  return {
    siteTitle: row?.siteTitle ?? null,
    siteDescription: row?.siteDescription ?? null,
    siteName: row?.siteName ?? null,
    logoInitials: row?.logoInitials ?? null,
    faviconUrl: row?.faviconUrl ?? null,
    ogSiteName: row?.ogSiteName ?? null,
    ogImageUrl: row?.ogImageUrl ?? null,
    twitterCard: twitterCard ?? DEFAULT_TWITTER_CARD,
    twitterSite: row?.twitterSite ?? null,
    robotsTxt: row?.robotsTxt ?? null,
    sitemapEnabled: row?.sitemapEnabled ?? true,
    canonicalUrl: row?.canonicalUrl ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Replaces every SEO setting (the one row, created on the first save) and records who did it.
 * The input has passed the SEO schema; nothing here can be refused by the admin's data.
 */
export function saveSeoSettings(input: SeoInput, actorId: number): Outcome<SeoSettings> {
  const values = { ...input, updatedAt: new Date() };
  db().transaction((tx) => {
    tx.insert(seoSettings)
      .values({ id: SEO_ROW_ID, ...values })
      .onConflictDoUpdate({ target: seoSettings.id, set: values })
      .run();
    logActivity({
      actorId,
      type: "settings",
      action: messages.seo.activitySaved,
      entity: "seo_settings",
      entityId: SEO_ROW_ID,
    });
  });
  return accept(seoSettingsForAdmin());
}

/**
 * What crawlers may not read: the back-office (admin-only screens, whose addresses never leave
 * the company), the API, the sign-out, the simulators. The customers' own pages (/home, /search,
 * /invoices, /settings…) are not listed: links to them go out in e-mails and chats, and a crawler
 * that follows one must be able to fetch it to learn it is closed — the sign-in redirect says
 * `noindex` (ADR 0063). A disallowed address can still be listed bare, from links alone.
 */
export const DISALLOWED_PATHS = [
  "/admin",
  "/api/",
  "/categories",
  "/customers",
  "/logout",
  "/parts",
  "/payment-methods",
  "/plans",
  "/vehicles",
  "/catalogue-sim/",
  "/fipe-sim/",
  "/mp-sim/",
  "/paghiper-sim/",
] as const;

/**
 * /robots.txt: the admin's text when saved, else the default; the sitemap line when it is on.
 * Every Disallow comes before the one Allow: a crawler that takes the first rule matching a path
 * (Python's urllib.robotparser, some bots) and one that takes the longest (Google, RFC 9309) then
 * read every private area as closed and every other page as open alike (ADR 0058).
 */
export function robotsTxt(requestOrigin: string): string {
  const settings = seoSettingsForAdmin();
  if (settings.robotsTxt) return `${settings.robotsTxt}\n`;
  const lines = [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "Allow: /",
  ];
  if (settings.sitemapEnabled)
    lines.push("", `Sitemap: ${canonicalBase(requestOrigin, settings.canonicalUrl)}/sitemap.xml`);
  return `${lines.join("\n")}\n`;
}

/**
 * When the static public pages (landing, sign-in, sign-up, terms, privacy) last changed in
 * substance: set by hand when their texts change, so crawlers are not told every deploy is news.
 */
export const STATIC_PAGES_LASTMOD = new Date("2025-01-15T00:00:00Z");

export const STATIC_PUBLIC_PATHS = ["/", "/login", "/register", "/termos", "/privacidade"] as const;

export type SitemapEntry = { loc: string; lastmod: Date };

/**
 * /sitemap.xml: the public pages only (ADR 0021: no part pages, the catalogue is the paid
 * product) with absolute addresses; null while the admin has the sitemap off.
 */
export function sitemapEntries(requestOrigin: string): SitemapEntry[] | null {
  const settings = seoSettingsForAdmin();
  if (!settings.sitemapEnabled) return null;
  const base = canonicalBase(requestOrigin, settings.canonicalUrl);
  const planRows = db()
    .select({ id: plans.id, updatedAt: plans.updatedAt })
    .from(plans)
    .where(eq(plans.status, "active"))
    .orderBy(plans.id)
    .all();
  // The landing shows the active plans: it changes when they do.
  const newestPlan = planRows.reduce<Date | null>(
    (newest, plan) => (newest && newest > plan.updatedAt ? newest : plan.updatedAt),
    null,
  );
  const landingLastmod =
    newestPlan && newestPlan > STATIC_PAGES_LASTMOD ? newestPlan : STATIC_PAGES_LASTMOD;
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({
      loc: `${base}${path}`,
      lastmod: path === "/" ? landingLastmod : STATIC_PAGES_LASTMOD,
    })),
    ...planRows.map((plan) => ({ loc: `${base}/planos/${plan.id}`, lastmod: plan.updatedAt })),
  ];
}
