import { z } from "zod";
import * as messages from "~/messages";
import { jsonObject } from "../json-body";

/**
 * The SEO settings: one set of field rules, read by the dashboard's SEO form (Conform, both sides)
 * under camelCase names and by PUT /api/settings/seo under the API's snake_case names.
 */

const m = messages.seo;
const f = m.fields;

export const TWITTER_CARDS = ["summary", "summary_large_image"] as const;
export type TwitterCard = (typeof TWITTER_CARDS)[number];
export const DEFAULT_TWITTER_CARD: TwitterCard = "summary_large_image";

export const SEO_LIMITS = {
  siteTitle: 70,
  siteDescription: 300,
  siteName: 60,
  logoInitials: 3,
  ogSiteName: 60,
  url: 500,
  robotsTxt: 10_000,
} as const;

const TWITTER_HANDLE = /^@[A-Za-z0-9_]{1,15}$/;

/** An absolute http(s) address a browser or crawler can open; no spaces, no credentials. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

/** A path on this site ("/favicon.svg"); "//host" would be another site. */
const isSitePath = (value: string) => /^\/(?!\/)[^\s]*$/.test(value);

/** Text that may be left empty (null), trimmed, at most `max` characters. */
function optionalText(label: string, max: number, tooLong = m.errors.tooLong(label, max)) {
  return z
    .string({ error: m.errors.invalidText(label) })
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => value || null);
}

function optionalUrl(label: string, allowed: (value: string) => boolean, invalid: string) {
  return z
    .string({ error: m.errors.invalidText(label) })
    .trim()
    .max(SEO_LIMITS.url, { error: m.errors.tooLong(label, SEO_LIMITS.url) })
    .refine((value) => value === "" || allowed(value), { error: invalid })
    .optional()
    .transform((value) => value || null);
}

/** Each field's rule, under the form's names. */
export const seoFields = {
  siteTitle: optionalText(f.siteTitle, SEO_LIMITS.siteTitle),
  siteDescription: optionalText(f.siteDescription, SEO_LIMITS.siteDescription),
  siteName: optionalText(f.siteName, SEO_LIMITS.siteName),
  logoInitials: optionalText(f.logoInitials, SEO_LIMITS.logoInitials, m.errors.logoInitialsTooLong),
  faviconUrl: optionalUrl(
    f.faviconUrl,
    (value) => isAbsoluteHttpUrl(value) || isSitePath(value),
    m.errors.invalidFavicon,
  ),
  ogSiteName: optionalText(f.ogSiteName, SEO_LIMITS.ogSiteName),
  ogImageUrl: optionalUrl(f.ogImageUrl, isAbsoluteHttpUrl, m.errors.invalidUrl(f.ogImageUrl)),
  twitterCard: z
    .enum(TWITTER_CARDS, { error: m.errors.invalidTwitterCard })
    .optional()
    .transform((value) => value ?? DEFAULT_TWITTER_CARD),
  twitterSite: z
    .string({ error: m.errors.invalidText(f.twitterSite) })
    .trim()
    .refine((value) => value === "" || TWITTER_HANDLE.test(value), {
      error: m.errors.invalidTwitterSite,
    })
    .optional()
    .transform((value) => value || null),
  robotsTxt: z
    .string({ error: m.errors.invalidText(f.robotsTxt) })
    .max(SEO_LIMITS.robotsTxt, { error: m.errors.tooLong(f.robotsTxt, SEO_LIMITS.robotsTxt) })
    .optional()
    // Line endings as a crawler expects them; blank means "use the default".
    .transform((value) => value?.replace(/\r\n?/g, "\n").trim() || null),
  /** A checkbox: "on" when ticked, absent when not; JSON sends a boolean. */
  sitemapEnabled: z
    .union([z.boolean(), z.enum(["on", "true", "false"])], {
      error: m.errors.invalidSitemapEnabled,
    })
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  canonicalUrl: optionalUrl(f.canonicalUrl, isAbsoluteHttpUrl, m.errors.invalidUrl(f.canonicalUrl))
    .refine((value) => value === null || !/[?#]/.test(value), {
      error: m.errors.canonicalWithQuery,
    })
    // The base every page's path is appended to.
    .transform((value) => value?.replace(/\/+$/, "") || null),
};

/** The dashboard's SEO form. */
export const seoFormSchema = z.object(seoFields);
export type SeoInput = z.output<typeof seoFormSchema>;

/** The form's names → the API's names (`errors` of a 400 name the fields as sent). */
export const SEO_API_NAMES = {
  siteTitle: "site_title",
  siteDescription: "site_description",
  siteName: "site_name",
  logoInitials: "logo_initials",
  faviconUrl: "favicon_url",
  ogSiteName: "og_site_name",
  ogImageUrl: "og_image_url",
  twitterCard: "twitter_card",
  twitterSite: "twitter_site",
  robotsTxt: "robots_txt",
  sitemapEnabled: "sitemap_enabled",
  canonicalUrl: "canonical_url",
} as const satisfies Record<keyof typeof seoFields, string>;

type ApiName = (typeof SEO_API_NAMES)[keyof typeof SEO_API_NAMES];
type FormName = keyof typeof SEO_API_NAMES;
const FORM_NAMES = Object.keys(SEO_API_NAMES) as FormName[];

/** The settings as the API shows them (GET answers this; a PUT starts from it). */
export type SeoApiObject = { [K in FormName as (typeof SEO_API_NAMES)[K]]: SeoInput[K] };

export function seoApiObject(settings: SeoInput): SeoApiObject {
  return Object.fromEntries(
    FORM_NAMES.map((name) => [SEO_API_NAMES[name], settings[name]]),
  ) as SeoApiObject;
}

const apiFields = z.object(
  Object.fromEntries(FORM_NAMES.map((name) => [SEO_API_NAMES[name], seoFields[name]])) as {
    [K in FormName as (typeof SEO_API_NAMES)[K]]: (typeof seoFields)[K];
  },
);

/**
 * PUT /api/settings/seo: the SEO object under the API's names. A field left out keeps its saved
 * value (`saved`); `null` clears it. A body that is not an object, or names none of the fields, is
 * refused.
 */
export function apiSeoSchema(saved: SeoApiObject) {
  return z
    .unknown()
    .transform((body, ctx) => {
      const source = jsonObject(body);
      if (!Object.values(SEO_API_NAMES).some((name) => name in source)) {
        ctx.addIssue({ code: "custom", message: m.errors.nothingToSave });
        return z.NEVER;
      }
      const merged: Record<string, unknown> = {};
      for (const name of Object.values(SEO_API_NAMES) as ApiName[]) {
        const value = name in source ? source[name] : saved[name];
        merged[name] = value === null ? undefined : value;
      }
      return merged;
    })
    .pipe(apiFields)
    .transform(
      (value) =>
        Object.fromEntries(
          FORM_NAMES.map((name) => [name, value[SEO_API_NAMES[name]]]),
        ) as SeoInput,
    );
}

/**
 * The settings of a new install: nothing chosen, every page falls back to the defaults.
 * @internal The tests start from it.
 */
export const NO_SEO_SETTINGS: SeoInput = {
  siteTitle: null,
  siteDescription: null,
  siteName: null,
  logoInitials: null,
  faviconUrl: null,
  ogSiteName: null,
  ogImageUrl: null,
  twitterCard: "summary_large_image",
  twitterSite: null,
  robotsTxt: null,
  sitemapEnabled: true,
  canonicalUrl: null,
};
