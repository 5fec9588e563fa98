import type { PublicOverview } from "~/models/dashboard/index.server";
import type { PublicSeo } from "~/models/seo/index.server";

/** GET /api/public/overview: the landing's counters. */
export function overviewView(overview: PublicOverview) {
  return {
    total_parts: overview.totalParts,
    total_vehicles: overview.totalVehicles,
    daily_searches: overview.dailySearches,
    active_users: overview.activeUsers,
  };
}

/** GET /api/public/seo: the SEO settings a page head reads. */
export function seoView(seo: PublicSeo) {
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
