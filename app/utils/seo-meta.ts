/**
 * The head of every public page. A Remix route's `meta` replaces its parents' rather than adding
 * to them, so each public route builds its whole head here from the SEO settings the root loader
 * read (no page queries them twice).
 */

/** The image a link preview shows: the admin's, or the app's own (with its size and type). */
export type ShareImage = {
  /** Absolute: crawlers and previews do not resolve relative addresses. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
};

/** What the root loader hands every page's `meta`: the public SEO settings and the canonical base. */
export type SeoHead = {
  siteTitle: string;
  siteDescription: string;
  siteName: string;
  ogSiteName: string | null;
  /**
   * The share image's tags (og:image with its type, size and alt, twitter:image), made on the
   * server by `shareImageMeta`: every page's `meta` only copies them, so the pages' JavaScript
   * does not grow by their code.
   */
  imageTags: SeoMetaDescriptor[];
  twitterCard: string;
  twitterSite: string | null;
  /** Absolute, without a trailing slash: the saved canonical URL or the request's origin. */
  canonicalBase: string;
  /**
   * What the requested public page says of itself, when the server knows it: its description
   * (sign-in, terms, a plan…) and its structured data (JSON-LD, already escaped for a script
   * element: the landing, a plan). Keyed by its path: after a client-side navigation to another
   * page it no longer applies.
   */
  page: { path: string; description: string | null; structuredData: string | null } | null;
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

/** The default share image, drawn by scripts/og-image.ts into public/. */
export const OG_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  type: "image/png",
} as const;
/** The square logo the structured data names (Organization.logo), drawn beside it. */
export const SITE_LOGO = { path: "/logo.png", size: 512 } as const;

/**
 * What a meta description should measure: shorter than `min` says too little to describe the
 * site (the saved one is replaced by the default), longer than `max` is cut by the results page.
 */
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/** The text as a description: spaces collapsed, cut at a word within `max` characters with "…". */
export function fitDescription(text: string, max: number = DESCRIPTION_LENGTH.max): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.—-]+$/, "")}…`;
}

/** A saved description worth showing (long enough to describe the site), else null. */
export function usableDescription(saved: string | null | undefined): string | null {
  const clean = saved?.replace(/\s+/g, " ").trim() ?? "";
  return clean.length >= DESCRIPTION_LENGTH.min ? clean : null;
}

/** The share image's tags (`SeoHead.imageTags`). */
export function shareImageMeta(image: ShareImage): SeoMetaDescriptor[] {
  return [
    { property: "og:image", content: image.url },
    ...(image.type ? [{ property: "og:image:type", content: image.type }] : []),
    ...(image.width ? [{ property: "og:image:width", content: String(image.width) }] : []),
    ...(image.height ? [{ property: "og:image:height", content: String(image.height) }] : []),
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

/** The admin's image when set (its size unknown), else the app's own at `base`. */
export function shareImage(
  base: string,
  savedUrl: string | null,
  alt: { saved: string; own: string },
): ShareImage {
  if (savedUrl) return { url: savedUrl, alt: alt.saved };
  const { path, width, height, type } = OG_IMAGE;
  return { url: `${base}${path}`, alt: alt.own, width, height, type };
}

/**
 * What a crawler that follows a link into the signed-in area reads on the sign-in redirect it
 * gets: not to list that address (ADR 0063).
 */
export const NOINDEX_HEADER = { "X-Robots-Tag": "noindex, nofollow" } as const;

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
  const own = head.page?.path === page.path ? head.page.description : null;
  // Each one is fitted to DESCRIPTION_LENGTH where it is made, on the server.
  const description = own || page.description || head.siteDescription;
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
    { name: "twitter:card", content: head.twitterCard },
    ...(head.twitterSite ? [{ name: "twitter:site", content: head.twitterSite }] : []),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...head.imageTags,
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
