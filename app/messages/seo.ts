/** SEO settings (the dashboard's SEO tab, /api/settings/seo), robots.txt and sitemap.xml. */

export const seo = {
  title: "Configurações de SEO",
} as const;
