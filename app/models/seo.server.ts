import { eq } from "drizzle-orm";
import { seoSettings } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";

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

/** What any visitor may read of the SEO settings, with the built-in defaults filled in. */
export function publicSeo(): PublicSeo {
  const row = db().select().from(seoSettings).where(eq(seoSettings.id, 1)).get();
  const siteName = row?.siteName?.trim() || messages.app.defaultSiteName;
  return {
    siteName,
    siteDescription: row?.siteDescription?.trim() || messages.app.defaultSiteDescription,
    logoInitials: row?.logoInitials?.trim() || messages.app.defaultLogoInitials,
    siteTitle: row?.siteTitle?.trim() || siteName,
    faviconUrl: row?.faviconUrl ?? null,
    ogSiteName: row?.ogSiteName ?? null,
    ogImageUrl: row?.ogImageUrl ?? null,
    twitterCard: row?.twitterCard ?? "summary_large_image",
    twitterSite: row?.twitterSite ?? null,
    canonicalUrl: row?.canonicalUrl ?? null,
  };
}
