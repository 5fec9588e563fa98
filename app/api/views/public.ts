import { z } from "zod";
import type { PublicOverview } from "~/models/dashboard/index.server";
import type { PublicSeo } from "~/models/seo/index.server";

/** GET /api/public/overview: the landing's counters. */
export const overviewViewSchema = z.object({
  total_parts: z.int(),
  total_vehicles: z.int(),
  total_alternative_codes: z.int(),
  daily_searches: z.int(),
  active_users: z.int(),
});

export function overviewView(overview: PublicOverview): z.infer<typeof overviewViewSchema> {
  return {
    total_parts: overview.totalParts,
    total_vehicles: overview.totalVehicles,
    total_alternative_codes: overview.totalAlternativeCodes,
    daily_searches: overview.dailySearches,
    active_users: overview.activeUsers,
  };
}

/** GET /api/public/seo: the SEO settings a page head reads. */
export const seoViewSchema = z.object({
  site_name: z.string(),
  site_description: z.string(),
  logo_initials: z.string(),
  site_title: z.string(),
  favicon_url: z.string().nullable(),
  og_site_name: z.string().nullable(),
  og_image_url: z.string().nullable(),
  twitter_card: z.string(),
  twitter_site: z.string().nullable(),
  canonical_url: z.string().nullable(),
});

export function seoView(seo: PublicSeo): z.infer<typeof seoViewSchema> {
  return {
    site_name: seo.siteName,
    site_description: seo.siteDescription,
    logo_initials: seo.logoInitials,
    site_title: seo.siteTitle,
    favicon_url: seo.faviconUrl,
    og_site_name: seo.ogSiteName,
    og_image_url: seo.ogImageUrl,
    twitter_card: seo.twitterCard,
    twitter_site: seo.twitterSite,
    canonical_url: seo.canonicalUrl,
  };
}
