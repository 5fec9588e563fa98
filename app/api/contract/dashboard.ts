import { z } from "zod";
import {
  feedItemViewSchema,
  healthViewSchema,
  metricsViewSchema,
  revenueMonthViewSchema,
  topSearchViewSchema,
} from "~/api/views/dashboard";
import * as messages from "~/messages";
import { COMPANY_API_NAMES, COMPANY_LIMITS } from "~/schemas/company/company";
import {
  apiActivitySchema,
  apiRevenueSchema,
  apiTopSearchesSchema,
} from "~/schemas/search/api-search";
import { SEO_API_NAMES, seoFields, TWITTER_CARDS } from "~/schemas/seo/seo";
import { endpoint, type Endpoint } from "./endpoint";

const m = messages.contractDashboard;
const at = "2026-11-20T13:45:00.000Z";
const admin = ["admin"] as const;
const ok = (data: unknown, message: string = messages.api.emptySuccess) => ({
  success: true,
  data,
  message,
});

type CompanyName = (typeof COMPANY_API_NAMES)[keyof typeof COMPANY_API_NAMES];
type SeoName = (typeof SEO_API_NAMES)[keyof typeof SEO_API_NAMES];
const companyFields = Object.entries(COMPANY_API_NAMES) as [
  keyof typeof COMPANY_LIMITS,
  CompanyName,
][];
const seoNames = Object.entries(SEO_API_NAMES) as [keyof typeof seoFields, SeoName][];

/**
 * PUT /api/settings/company's body, as a client writes it: each field under the API's name, text
 * up to the form's limit, null to clear, left out to keep (apiCompanySchema merges and checks it).
 */
const companyBodySchema = z.object(
  Object.fromEntries(
    companyFields.map(([field, name]) => [
      name,
      z.string().max(COMPANY_LIMITS[field]).nullable().optional(),
    ]),
  ) as Record<CompanyName, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
);

const companyViewSchema = z.object({
  ...(Object.fromEntries(companyFields.map(([, name]) => [name, z.string().nullable()])) as Record<
    CompanyName,
    z.ZodNullable<z.ZodString>
  >),
  updated_at: z.iso.datetime().nullable(),
});

/** PUT /api/settings/seo's body: the form's own field rules under the API's names, null to clear. */
const seoBodySchema = z.object(
  Object.fromEntries(seoNames.map(([field, name]) => [name, seoFields[field].nullable()])) as {
    [K in keyof typeof seoFields as (typeof SEO_API_NAMES)[K]]: z.ZodNullable<
      (typeof seoFields)[K]
    >;
  },
);

const seoSettingsViewSchema = z.object({
  ...(Object.fromEntries(seoNames.map(([, name]) => [name, z.string().nullable()])) as Record<
    SeoName,
    z.ZodNullable<z.ZodString>
  >),
  twitter_card: z.enum(TWITTER_CARDS),
  sitemap_enabled: z.boolean(),
  updated_at: z.iso.datetime().nullable(),
});

const sampleCompany = {
  legal_name: m.sampleLegalName,
  cnpj: "12.345.678/0001-90",
  address: m.sampleAddress,
  city: m.sampleCity,
  state: "SP",
  postal_code: "01000-000",
  email: "contato@encaixa.com.br",
  whatsapp: "(11) 91234-5678",
};

const sampleSeo = {
  site_title: messages.app.defaultSiteName,
  site_description: messages.app.defaultSiteDescription,
  site_name: messages.app.defaultSiteName,
  logo_initials: messages.app.defaultLogoInitials,
  favicon_url: null,
  og_site_name: null,
  og_image_url: null,
  twitter_card: "summary_large_image",
  twitter_site: "@encaixa",
  robots_txt: null,
  sitemap_enabled: true,
  canonical_url: "https://encaixa.com.br",
};

/** The admin dashboard's figures and the settings' company and SEO tabs. */
export const dashboardEndpoints: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/dashboard/metrics",
    tag: m.tag,
    summary: m.metrics,
    description: m.metricsDescription,
    access: admin,
    answers: { 200: { description: m.metricsAnswer, data: metricsViewSchema } },
  }),
  endpoint({
    method: "get",
    path: "/api/dashboard/revenue",
    tag: m.tag,
    summary: m.revenue,
    description: m.revenueDescription,
    access: admin,
    query: apiRevenueSchema,
    answers: {
      200: {
        description: m.revenueAnswer,
        data: z.array(revenueMonthViewSchema),
        example: ok([
          { month: "2026-10", revenue: 1490.5, payments: 12 },
          { month: "2026-11", revenue: 2235.0, payments: 17 },
        ]),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/dashboard/health",
    tag: m.tag,
    summary: m.health,
    description: m.healthDescription,
    access: admin,
    answers: { 200: { description: m.healthAnswer, data: healthViewSchema } },
  }),
  endpoint({
    method: "get",
    path: "/api/dashboard/activity",
    tag: m.tag,
    summary: m.activity,
    description: m.activityDescription,
    access: ["admin", "premium_user"],
    query: apiActivitySchema,
    answers: {
      200: {
        description: m.activityAnswer,
        data: z.array(feedItemViewSchema),
        example: ok([{ type: "payment", time: at, user: m.sampleUser, action: m.sampleAction }]),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/dashboard/top-searches",
    tag: m.tag,
    summary: m.topSearches,
    description: m.topSearchesDescription,
    access: ["admin", "premium_user"],
    query: apiTopSearchesSchema,
    answers: {
      200: {
        description: m.topSearchesAnswer,
        data: z.array(topSearchViewSchema),
        example: ok([
          {
            part_id: 128,
            part_code: "PSL55",
            query: "psl55",
            part_name: m.samplePartName,
            category: m.sampleCategory,
            searches: 42,
          },
        ]),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/settings/company",
    tag: m.settingsTag,
    summary: m.company,
    description: m.companyDescription,
    access: admin,
    answers: {
      200: {
        description: m.companyAnswer,
        data: companyViewSchema,
        example: ok({ ...sampleCompany, updated_at: at }),
      },
    },
  }),
  endpoint({
    method: "put",
    path: "/api/settings/company",
    tag: m.settingsTag,
    summary: m.companyUpdate,
    description: m.companyUpdateDescription,
    access: admin,
    body: companyBodySchema,
    bodyExample: { whatsapp: "(11) 91234-5678", email: "contato@encaixa.com.br" },
    answers: {
      200: {
        description: m.companyUpdated,
        data: companyViewSchema,
        example: ok({ ...sampleCompany, updated_at: at }, messages.company.saved),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/settings/seo",
    tag: m.settingsTag,
    summary: m.seo,
    description: m.seoDescription,
    access: admin,
    answers: {
      200: {
        description: m.seoAnswer,
        data: seoSettingsViewSchema,
        example: ok({ ...sampleSeo, updated_at: at }),
      },
    },
  }),
  endpoint({
    method: "put",
    path: "/api/settings/seo",
    tag: m.settingsTag,
    summary: m.seoUpdate,
    description: m.seoUpdateDescription,
    access: admin,
    body: seoBodySchema,
    bodyExample: { site_title: messages.app.defaultSiteName, twitter_site: "@encaixa" },
    answers: {
      200: {
        description: m.seoUpdated,
        data: seoSettingsViewSchema,
        example: ok({ ...sampleSeo, updated_at: at }, messages.seo.saved),
      },
    },
  }),
];
