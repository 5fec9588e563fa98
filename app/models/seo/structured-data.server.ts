import * as messages from "~/messages";
import { formatBRL } from "~/utils/format";
import {
  jsonLdGraph,
  organizationNode,
  planProductNode,
  type JsonLdGraph,
  type OrganizationFacts,
  type PlanFacts,
  type SiteIdentity,
} from "~/utils/json-ld";
import { canonicalBase, fitDescription, OG_IMAGE, SITE_LOGO } from "~/utils/seo-meta";
import { formatCnpj } from "~/utils/cnpj";
import { formatCep } from "~/utils/contact";
import { companyIdentity } from "../company/index.server";
import { getPlanWithCustomers, listPlans, type PlanWithCustomers } from "../payments/index.server";
import { publicSeo } from "./seo.server";

/**
 * What search engines read of the public pages beyond their meta tags (ADR 0058): the landing
 * carries the company as an Organization and every public (active) plan as a Product with its
 * Offer in BRL; a plan's page carries the company and that plan. Addresses are absolute, on the
 * canonical base.
 */

function site(requestOrigin: string): SiteIdentity {
  const seo = publicSeo();
  const base = canonicalBase(requestOrigin, seo.canonicalUrl);
  return {
    name: seo.siteName,
    base,
    logoUrl: `${base}${SITE_LOGO.path}`,
    imageUrl: seo.ogImageUrl ?? `${base}${OG_IMAGE.path}`,
  };
}

/** The company identity as the Organization shows it; null while it has no razão social. */
function organizationFacts(): OrganizationFacts | null {
  const saved = companyIdentity();
  if (!saved.legalName) return null;
  return {
    legalName: saved.legalName,
    taxId: saved.cnpj && formatCnpj(saved.cnpj),
    email: saved.email,
    telephone: saved.whatsapp && `55${saved.whatsapp}`,
    streetAddress: saved.address,
    city: saved.city,
    state: saved.state,
    postalCode: saved.postalCode && formatCep(saved.postalCode),
  };
}

/**
 * A plan in one sentence, for its page's meta description and its Product: "Plano Profissional
 * do Encaixa: R$ 49,90/mês, 200 buscas por dia. Para lojas de autopeças…", at most 160 characters.
 */
export function planDescription(
  plan: Pick<PlanWithCustomers, "name" | "description" | "priceCents" | "isFree" | "dailySearches">,
  siteName = publicSeo().siteName,
): string {
  const l = messages.landing;
  const price = plan.isFree
    ? `${formatBRL(0)}${l.forever}`
    : `${formatBRL(plan.priceCents ?? 0)}${l.perMonth}`;
  return fitDescription(
    messages.seoPages.plan({
      name: plan.name,
      site: siteName,
      price,
      searches: messages.credits.perDay(plan.dailySearches),
      about: plan.description?.trim() || null,
    }),
  );
}

function planFacts(plan: PlanWithCustomers, siteName: string): PlanFacts {
  return {
    id: plan.id,
    name: plan.name,
    description: planDescription(plan, siteName),
    priceCents: plan.priceCents,
    isFree: plan.isFree,
  };
}

/** The landing's structured data: the Organization and one Product per public plan. */
export function landingStructuredData(requestOrigin: string): JsonLdGraph {
  const identity = site(requestOrigin);
  const plans = listPlans({ status: "active" });
  return jsonLdGraph([
    organizationNode(identity, organizationFacts()),
    ...plans.map((plan) => planProductNode(identity, planFacts(plan, identity.name))),
  ]);
}

/**
 * A plan page's description and structured data (the Organization and the plan); null when the
 * plan is not public.
 */
export function planPageSeo(
  requestOrigin: string,
  planId: number,
): { description: string; structuredData: JsonLdGraph } | null {
  const plan = getPlanWithCustomers(planId);
  if (plan?.status !== "active") return null;
  const identity = site(requestOrigin);
  const facts = planFacts(plan, identity.name);
  return {
    description: facts.description,
    structuredData: jsonLdGraph([
      organizationNode(identity, organizationFacts()),
      planProductNode(identity, facts),
    ]),
  };
}
