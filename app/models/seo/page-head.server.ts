import * as messages from "~/messages";
import { jsonLdText } from "~/utils/json-ld";
import {
  canonicalBase,
  fitDescription,
  shareImage,
  shareImageMeta,
  type SeoHead,
} from "~/utils/seo-meta";
import { publicSeo, type PublicSeo } from "./seo.server";
import { landingStructuredData, planPageSeo } from "./structured-data.server";

/**
 * The head every page's `meta` builds on, made by the root loader (ADR 0058): the public SEO
 * settings, the canonical base, the share image's tags and what the requested public page says of
 * itself — its own description and its structured data. All of it is made here, on the server, so
 * the pages' JavaScript carries none of these texts nor the code that writes them.
 */

/** The public pages whose description is a fixed text (the landing's is the site's). */
const PAGE_DESCRIPTIONS: Record<string, string> = {
  "/login": messages.seoPages.login,
  "/register": messages.seoPages.register,
  "/termos": messages.seoPages.terms,
  "/privacidade": messages.seoPages.privacy,
};

const PLAN_PAGE = /^\/planos\/(\d{1,9})$/;

/** What the page at `path` says of itself; null for a page with nothing of its own. */
function pageHead(path: string, requestOrigin: string): SeoHead["page"] {
  if (path === "/")
    return {
      path,
      description: null,
      structuredData: jsonLdText(landingStructuredData(requestOrigin)),
    };
  const description = PAGE_DESCRIPTIONS[path];
  if (description) return { path, description: fitDescription(description), structuredData: null };
  const planId = PLAN_PAGE.exec(path)?.[1];
  const plan = planId ? planPageSeo(requestOrigin, Number(planId)) : null;
  if (plan)
    return { path, description: plan.description, structuredData: jsonLdText(plan.structuredData) };
  return null;
}

export function seoHeadFor(requestUrl: URL, seo: PublicSeo = publicSeo()): SeoHead {
  const base = canonicalBase(requestUrl.origin, seo.canonicalUrl);
  const image = shareImage(base, seo.ogImageUrl, {
    saved: seo.siteTitle,
    own: messages.seoPages.ogImage.alt,
  });
  return {
    siteTitle: seo.siteTitle,
    siteDescription: fitDescription(seo.siteDescription),
    siteName: seo.siteName,
    ogSiteName: seo.ogSiteName,
    imageTags: shareImageMeta(image),
    twitterCard: seo.twitterCard,
    twitterSite: seo.twitterSite,
    canonicalBase: base,
    page: pageHead(requestUrl.pathname, requestUrl.origin),
  };
}
