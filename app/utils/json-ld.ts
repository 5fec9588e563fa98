/**
 * Structured data (schema.org, JSON-LD) for the public pages (ADR 0058): the company as an
 * `Organization`, each public plan as a `Product` with its `Offer`. Pure builders: the seo model
 * reads the plans and the company and hands them here; the page writes the result into a
 * `<script type="application/ld+json">` with `jsonLdText`.
 */

export type JsonLdNode = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | JsonLdNode | JsonLdValue[];

/** One document: its nodes in an `@graph`, so one script carries them all. */
export type JsonLdGraph = { "@context": "https://schema.org"; "@graph": JsonLdNode[] };

/** What the site says of itself: the public SEO settings, with absolute addresses. */
export type SiteIdentity = {
  name: string;
  /** Absolute, without a trailing slash. */
  base: string;
  logoUrl: string;
  imageUrl: string;
};

/** The company identity as saved (raw fields, null = not set); the Organization names what is set. */
export type OrganizationFacts = {
  legalName: string | null;
  /** Formatted ("11.222.333/0001-81"). */
  taxId: string | null;
  email: string | null;
  /** E.164 without the plus: "5511987654321". */
  telephone: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  /** Formatted ("01310-100"). */
  postalCode: string | null;
};

export type PlanFacts = {
  id: number;
  name: string;
  description: string;
  priceCents: number | null;
  isFree: boolean;
};

const SCHEMA_AVAILABILITY_IN_STOCK = "https://schema.org/InStock";
const CURRENCY = "BRL";

/** The price as schema.org wants it: a dot, two decimals, no currency sign ("49.90", "0.00"). */
export function offerPrice(cents: number | null): string {
  const whole = Math.max(0, Math.round(cents ?? 0));
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** The Organization's id: every Product's offer points at it as the seller. */
export const organizationId = (base: string) => `${base}/#organization`;

/** Only the fields that hold a value (schema.org has no use for nulls). */
function present(node: Record<string, JsonLdValue | null | undefined>): JsonLdNode {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([, value]) => value !== null && value !== undefined && value !== "",
    ),
  ) as JsonLdNode;
}

export function organizationNode(
  site: SiteIdentity,
  company: OrganizationFacts | null,
): JsonLdNode {
  const hasAddress = company && (company.streetAddress || company.city || company.postalCode);
  return present({
    "@type": "Organization",
    "@id": organizationId(site.base),
    name: site.name,
    url: `${site.base}/`,
    logo: site.logoUrl,
    legalName: company?.legalName,
    taxID: company?.taxId,
    email: company?.email,
    telephone: company?.telephone && `+${company.telephone}`,
    address: hasAddress
      ? present({
          "@type": "PostalAddress",
          streetAddress: company.streetAddress,
          addressLocality: company.city,
          addressRegion: company.state,
          postalCode: company.postalCode,
          addressCountry: "BR",
        })
      : null,
  });
}

/** A public plan: a Product sold by the Organization, its Offer in BRL (monthly when paid). */
export function planProductNode(site: SiteIdentity, plan: PlanFacts): JsonLdNode {
  const url = `${site.base}/planos/${plan.id}`;
  const price = offerPrice(plan.isFree ? 0 : plan.priceCents);
  return present({
    "@type": "Product",
    "@id": `${url}#product`,
    name: `${site.name} ${plan.name}`,
    description: plan.description,
    url,
    image: site.imageUrl,
    brand: { "@type": "Brand", name: site.name },
    offers: present({
      "@type": "Offer",
      url,
      price,
      priceCurrency: CURRENCY,
      availability: SCHEMA_AVAILABILITY_IN_STOCK,
      seller: { "@id": organizationId(site.base) },
      priceSpecification: plan.isFree
        ? null
        : {
            "@type": "UnitPriceSpecification",
            price,
            priceCurrency: CURRENCY,
            billingDuration: "P1M",
            unitCode: "MON",
          },
    }),
  });
}

export function jsonLdGraph(nodes: JsonLdNode[]): JsonLdGraph {
  return { "@context": "https://schema.org", "@graph": nodes };
}

/**
 * The text of the script element: JSON whose "<" are written \u003c (and the two line
 * separators JavaScript once refused escaped too), so no data — a plan named "</script>" — can
 * close the element or open a comment. The JSON means the same to any parser.
 */
export function jsonLdText(data: JsonLdGraph): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
