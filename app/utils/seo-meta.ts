/**
 * The head of every public page. A Remix route's `meta` replaces its parents' rather than adding
 * to them, so each public route builds its whole head here from the SEO settings the root loader
 * read (no page queries them twice).
 */

/** What the root loader hands every page's `meta`: the public SEO settings and the canonical base. */
export type SeoHead = {
  siteTitle: string;
  siteDescription: string;
  siteName: string;
  ogSiteName: string | null;
  ogImageUrl: string | null;
  twitterCard: string;
  twitterSite: string | null;
  /** Absolute, without a trailing slash: the saved canonical URL or the request's origin. */
  canonicalBase: string;
};

/** The descriptors this helper makes; each is one of Remix's `MetaDescriptor` shapes. */
export type SeoMetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

export type PageSeo = {
  /** The page's own path, query left out (it is the canonical address). */
  path: string;
  /** The page's title; the site title is used alone when absent (the landing). */
  title?: string;
  description?: string | null;
};

export const OG_LOCALE = "pt_BR";
/** For pages crawlers should not list: the signed-in area, the back-office. */
export const NOINDEX = { name: "robots", content: "noindex, nofollow" } as const;

/** The saved canonical URL, else the request's origin; never with a trailing slash. */
export function canonicalBase(requestOrigin: string, canonicalUrl: string | null): string {
  return (canonicalUrl || requestOrigin).replace(/\/+$/, "");
}

/** The canonical address of `path` ("/" is the base itself with its slash). */
export function canonicalUrl(base: string, path: string): string {
  const clean = `/${path.replace(/^\/+/, "")}`;
  return `${base}${clean}`;
}

/** The page's head: title, description, canonical link, Open Graph and Twitter tags. */
export function seoMeta(head: SeoHead | undefined, page: PageSeo): SeoMetaDescriptor[] {
  if (!head) return page.title ? [{ title: page.title }] : [];
  const title = page.title ? `${page.title} — ${head.siteName}` : head.siteTitle;
  const description = page.description?.trim() || head.siteDescription;
  const url = canonicalUrl(head.canonicalBase, page.path);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: head.ogSiteName || head.siteName },
    { property: "og:locale", content: OG_LOCALE },
    ...(head.ogImageUrl ? [{ property: "og:image", content: head.ogImageUrl }] : []),
    { name: "twitter:card", content: head.twitterCard },
    ...(head.twitterSite ? [{ name: "twitter:site", content: head.twitterSite }] : []),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** The root route's `seoHead`, read from a `meta` function's `matches`. */
export function seoHeadFrom(
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>,
): SeoHead | undefined {
  const root = matches.find((match) => match?.id === "root")?.data as
    { seoHead?: SeoHead } | undefined;
  return root?.seoHead;
}
