import type { AccountSummary } from "./account.server";
import type { PublicOverview } from "./overview.server";
import type { PlanWithCustomers } from "./plan.server";
import type { PublicSeo } from "./seo.server";
import type { PublicUser } from "./user.server";

/** The /api contract speaks snake_case and reais, as the spec's clients read it. */
export function userView(user: PublicUser) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}

export function profileView(summary: AccountSummary) {
  const { subscription, searchStats } = summary;
  return {
    user: userView(summary.user),
    subscription: subscription && {
      plan_id: subscription.planId,
      plan_name: subscription.planName,
      expires_at: subscription.expiresAt?.toISOString() ?? null,
      credits_per_month: subscription.creditsPerMonth,
    },
    searchStats: {
      searches_today: searchStats.searchesToday,
      remaining_searches: searchStats.remainingSearches,
      total_searches: searchStats.totalSearches,
      daily_allowance: searchStats.dailyAllowance,
      credits_balance: searchStats.creditsBalance,
    },
  };
}

export function planView(plan: PlanWithCustomers) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.isFree ? 0 : (plan.priceCents ?? 0) / 100,
    credits_per_month: plan.creditsPerMonth,
    customers_count: plan.customersCount,
    status: plan.status,
    features: plan.features,
    policies: plan.policies,
    created_at: plan.createdAt.toISOString(),
  };
}

export function overviewView(overview: PublicOverview) {
  return {
    total_parts: overview.totalParts,
    total_vehicles: overview.totalVehicles,
    daily_searches: overview.dailySearches,
    active_users: overview.activeUsers,
  };
}

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

// ---------------------------------------------------------------------------------------------
// Parts and vehicles API (/api/parts/*, /api/vehicles/*): the spec's Part and Vehicle shapes.
// ---------------------------------------------------------------------------------------------

import { asc as ascPv, count as countPv, eq as eqPv, inArray as inArrayPv } from "drizzle-orm";
import {
  brands as brandsTable,
  categories as categoriesTable,
  parts as partsTable,
  partVehicles as partVehiclesTable,
  vehicles as vehiclesTable,
} from "~db/schema";
import { db as apiDb } from "~/utils/db.server";
import {
  alternativeCodesFor,
  type AlternativeCode,
  type CompatibleVehicle,
  type VehiclePage,
} from "./fitment.server";
import type { PartHit } from "./search.server";

/** How many vehicles each part fits, for a list of parts at once. */
export function compatCounts(partIds: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (partIds.length === 0) return counts;
  const rows = apiDb()
    .select({ partId: partVehiclesTable.partId, n: countPv() })
    .from(partVehiclesTable)
    .where(inArrayPv(partVehiclesTable.partId, partIds))
    .groupBy(partVehiclesTable.partId)
    .all();
  for (const row of rows) counts.set(row.partId, row.n);
  return counts;
}

/** One part by id in the search engine's shape (match "code", no alternative code), or undefined. */
export function findPartHit(id: number): PartHit | undefined {
  const row = apiDb()
    .select({
      id: partsTable.id,
      code: partsTable.code,
      name: partsTable.name,
      description: partsTable.description,
      manufacturer: partsTable.manufacturer,
      categoryId: partsTable.categoryId,
      categoryName: categoriesTable.name,
      mercadoLivreLink: partsTable.mercadoLivreLink,
      imageUrl: partsTable.imageUrl,
    })
    .from(partsTable)
    .leftJoin(categoriesTable, eqPv(categoriesTable.id, partsTable.categoryId))
    .where(eqPv(partsTable.id, id))
    .get();
  return row && { ...row, match: "code", viaCode: null };
}

export function partExists(id: number): boolean {
  return Boolean(
    apiDb().select({ id: partsTable.id }).from(partsTable).where(eqPv(partsTable.id, id)).get(),
  );
}

function alternativeCodeView(code: AlternativeCode) {
  return { id: code.id, alternative_code: code.alternativeCode, description: code.description };
}

function partFields(hit: PartHit, alternatives: AlternativeCode[], compatCount: number) {
  return {
    id: hit.id,
    code: hit.code,
    name: hit.name,
    manufacturer: hit.manufacturer,
    description: hit.description,
    category_id: hit.categoryId,
    category_name: hit.categoryName,
    /** The public spec's clients read `category`; same value as category_name. */
    category: hit.categoryName,
    mercado_livre_link: hit.mercadoLivreLink,
    image_url: hit.imageUrl,
    alternative_codes: alternatives.map(alternativeCodeView),
    compat_count: compatCount,
    /** The alternative code the part was found through ("encontrado via código X"), else null. */
    found_via: hit.viaCode,
    match: hit.match,
  };
}

/** Search hits as the spec's Part list, with alternative codes and compatible-vehicle counts loaded in two queries. */
export function partListView(hits: PartHit[]) {
  const ids = hits.map((h) => h.id);
  const codes = alternativeCodesFor(ids);
  const counts = compatCounts(ids);
  return hits.map((hit) => partFields(hit, codes.get(hit.id) ?? [], counts.get(hit.id) ?? 0));
}

/** A compatible vehicle: the vehicle's fields plus the fitment's notes, position, side and years. */
export function compatibleVehicleView(vehicle: CompatibleVehicle) {
  return {
    id: vehicle.id,
    vehicle_id: vehicle.id,
    brand: vehicle.brand,
    model: vehicle.model,
    generation: vehicle.generation,
    year: vehicle.year,
    version: vehicle.version,
    engine: vehicle.engine,
    fuel: vehicle.fuel,
    transmission: vehicle.transmission,
    body_type: vehicle.bodyType,
    notes: vehicle.notes,
    /** The admin spec's name for the fitment notes. */
    compatibility_notes: vehicle.notes,
    position: vehicle.position,
    side: vehicle.side,
    year_from: vehicle.yearFrom,
    year_to: vehicle.yearTo,
  };
}

export function vehiclePageView(page: VehiclePage) {
  return {
    items: page.items.map(compatibleVehicleView),
    total: page.total,
    page: page.page,
    pages: page.pages,
    per_page: page.perPage,
  };
}

/** GET /api/parts/:id: the Part with its alternative codes and the first page of compatible vehicles. */
export function partDetailView(hit: PartHit, firstPage: VehiclePage) {
  const alternatives = alternativeCodesFor([hit.id]).get(hit.id) ?? [];
  return {
    ...partFields(hit, alternatives, firstPage.total),
    compatible_vehicles: firstPage.items.map(compatibleVehicleView),
  };
}

const brandCollator = new Intl.Collator("pt-BR", { sensitivity: "base" });

/**
 * Every brand name a filter can offer: the brands table and the brands vehicles actually use, one
 * entry per name ignoring case and accents (the brands table's spelling wins), in pt-BR order.
 */
export function vehicleBrandNames(): string[] {
  const registered = apiDb()
    .select({ name: brandsTable.name })
    .from(brandsTable)
    .orderBy(ascPv(brandsTable.name))
    .all();
  const used = apiDb()
    .selectDistinct({ name: vehiclesTable.brand })
    .from(vehiclesTable)
    .orderBy(ascPv(vehiclesTable.brand))
    .all();
  const byKey = new Map<string, string>();
  for (const { name } of [...registered, ...used]) {
    const trimmed = name.trim();
    if (!trimmed) continue;
    const key = foldName(trimmed);
    if (!byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort(brandCollator.compare);
}

// ---------------------------------------------------------------------------------------------
// Search credits on the API, and dashboard items.
// ---------------------------------------------------------------------------------------------

import type { SearchStats } from "./credits.server";
import type { FeedItem, TopSearch } from "./dashboard.server";

/**
 * Credit information of an API search travels in headers, so `data` stays the spec's list of parts:
 * X-Remaining-Searches (−1 unlimited), X-Search-Charged, X-Low-Credits, X-Search-Type.
 */
export function searchCreditHeaders(
  outcome: { stats: SearchStats; charged: boolean; lowCredits: boolean },
  type: string,
): Record<string, string> {
  return {
    "X-Remaining-Searches": String(outcome.stats.remainingSearches),
    "X-Search-Charged": String(outcome.charged),
    "X-Low-Credits": String(outcome.lowCredits),
    "X-Search-Type": type,
  };
}

/** The body of a 402 when the day's credits are spent. */
export function exhaustedView(stats: SearchStats) {
  return { remaining_searches: Math.max(0, stats.remainingSearches) };
}

export function topSearchView(item: TopSearch) {
  return {
    part_id: item.partId,
    part_code: item.partCode,
    query: item.query,
    part_name: item.partName,
    category: item.category,
    searches: item.searches,
  };
}

export function feedItemView(item: FeedItem) {
  return { type: item.type, time: item.time.toISOString(), user: item.user, action: item.action };
}

// --- Import status (FIPE and catalogue imports) -----------------------------------------------

import type { importJobs as importJobsTable } from "~db/schema";

type ImportJobRow = typeof importJobsTable.$inferSelect;
type ImportLogRow = { message: string; createdAt: Date };

/** The spec's "Import status": counters, timing and the log as text lines ("[hh:mm:ss] ..."). */
export function importStatusView(job: ImportJobRow, logs: ImportLogRow[], now: Date = new Date()) {
  const started = job.startedAt?.getTime();
  const end = job.completedAt?.getTime() ?? now.getTime();
  const minutes = started ? Math.max((end - started) / 60_000, 1 / 60) : 0;
  const itemsPerMinute = minutes > 0 ? Math.round(job.processedItems / minutes) : 0;
  const running = job.status === "running";
  const remainingItems = Math.max(job.totalItems - job.processedItems, 0);
  const time = new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    timeStyle: "medium",
  });
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    processed_items: job.processedItems,
    total_items: job.totalItems,
    current_page: job.currentPage,
    total_pages: job.totalPages,
    created_parts: job.createdParts,
    created_vehicles: job.createdVehicles,
    created_compatibilities: job.createdCompatibilities,
    skipped_parts: job.skippedParts,
    skipped_vehicles: job.skippedVehicles,
    skipped_compatibilities: job.skippedCompatibilities,
    items_per_minute: itemsPerMinute,
    error_count: job.errorCount,
    started_at: job.startedAt?.toISOString() ?? null,
    completed_at: job.completedAt?.toISOString() ?? null,
    estimated_completion:
      running && itemsPerMinute > 0 && remainingItems > 0
        ? new Date(now.getTime() + (remainingItems / itemsPerMinute) * 60_000).toISOString()
        : null,
    last_activity: job.lastActivityAt?.toISOString() ?? null,
    logs: logs.map((line) => `[${time.format(line.createdAt)}] ${line.message}`),
  };
}

// ---------------------------------------------------------------------------------------------
// Plans and customers management (/api/plans, /api/customers): money in reais, as the spec shows.
// ---------------------------------------------------------------------------------------------

import { roleFromCustomerType } from "~/schemas/customer";
import type { CustomerRow, CustomerStatistics } from "./customer.server";
import type { PlanCustomer, PlanStatistics } from "./plan.server";

const reais = (cents: number | null | undefined) => (cents ?? 0) / 100;

/** The Plan of the admin spec: the public fields plus monthly_revenue (price × active customers). */
export function planAdminView(plan: PlanWithCustomers) {
  return {
    ...planView(plan),
    monthly_revenue: reais((plan.priceCents ?? 0) * plan.customersCount),
    updated_at: plan.updatedAt.toISOString(),
  };
}

export function planStatisticsView(stats: PlanStatistics) {
  return {
    total_plans: stats.totalPlans,
    active_plans: stats.activePlans,
    total_customers: stats.totalCustomers,
    monthly_revenue: reais(stats.monthlyRevenueCents),
  };
}

export function planCustomerView(customer: PlanCustomer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    company: customer.company,
    subscription_id: customer.subscriptionId,
    payment_method: customer.paymentMethod,
    started_at: customer.startedAt?.toISOString() ?? null,
    expires_at: customer.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The Customer of the admin spec. `role` is the spec's classification (customer = Regular, premium,
 * vip), also given as `customer_type`; the account's permission role is `account_role`.
 */
export function customerView(customer: CustomerRow) {
  const subscription = customer.subscription;
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    company: customer.company,
    role: roleFromCustomerType(customer.customerType),
    customer_type: customer.customerType,
    account_role: customer.role,
    status: customer.status,
    notes: customer.notes,
    credits_balance: customer.creditsBalance,
    remaining_searches: customer.credits.remainingSearches,
    daily_allowance: customer.credits.dailyAllowance,
    total_spent: reais(customer.totalSpentCents),
    last_consultation_date: customer.lastSearchAt?.toISOString() ?? null,
    created_at: customer.createdAt.toISOString(),
    subscription: subscription && {
      id: subscription.id,
      plan_id: subscription.planId,
      plan_name: subscription.planName,
      status: subscription.status,
      payment_method: subscription.paymentMethod,
      started_at: subscription.startedAt?.toISOString() ?? null,
      expires_at: subscription.expiresAt?.toISOString() ?? null,
    },
  };
}

export function customerStatisticsView(stats: CustomerStatistics) {
  return {
    total_customers: stats.totalCustomers,
    active_customers: stats.activeCustomers,
    subscribed_customers: stats.subscribedCustomers,
    total_credits: stats.totalCredits,
    total_revenue: reais(stats.totalRevenueCents),
  };
}

// ---------------------------------------------------------------------------------------------
// Catalogue back-office API (/api/parts/categories, /api/brands, /api/vehicles): the spec's
// Category, Brand and Vehicle shapes.
// ---------------------------------------------------------------------------------------------

import type { BrandRow } from "./brand.server";
import type { CategoryWithCount } from "./category.server";
import type { CompatiblePart, VehicleRow } from "./vehicle.server";

export function categoryView(category: CategoryWithCount) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    parts_count: category.partsCount,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}

export function brandView(brand: BrandRow) {
  return { id: brand.id, name: brand.name, vehicles_count: brand.vehiclesCount };
}

export function vehicleView(vehicle: VehicleRow) {
  return {
    id: vehicle.id,
    brand: vehicle.brand,
    model: vehicle.model,
    generation: vehicle.generation,
    year: vehicle.year,
    version: vehicle.version,
    engine: vehicle.engine,
    fuel: vehicle.fuel,
    transmission: vehicle.transmission,
    body_type: vehicle.bodyType,
    vehicle_type: vehicle.vehicleType,
    fipe_code: vehicle.fipeCode,
    compat_count: vehicle.compatibleParts,
    /** The spec's screens read either name. */
    compatible_parts_count: vehicle.compatibleParts,
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
  };
}

export function vehicleDetailView(vehicle: VehicleRow & { parts: CompatiblePart[] }) {
  return {
    ...vehicleView(vehicle),
    compatible_parts: vehicle.parts.map((part) => ({
      part_id: part.partId,
      code: part.code,
      name: part.name,
      category_name: part.categoryName,
      manufacturer: part.manufacturer,
      notes: part.notes,
      compatibility_notes: part.notes,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Parts back-office (/api/parts, its alternative codes and vehicles).
// ---------------------------------------------------------------------------------------------

import { VEHICLES_DEFAULT_PER_PAGE as PART_VEHICLES_PER_PAGE } from "~/schemas/api-search";
import { vehiclesForPart as vehiclesOfPart } from "./fitment.server";
import type { AlternativeCodeRow, PartListItem } from "./part.server";
import { foldName } from "~/utils/codes";

/** A part just created or saved, as GET /api/parts/:id shows it. */
export function savedPartView(id: number) {
  const hit = findPartHit(id);
  return hit ? partDetailView(hit, vehiclesOfPart(id, 1, PART_VEHICLES_PER_PAGE)) : null;
}

/** GET /api/parts: the admin list's rows in the spec's Part shape, with every alternative code and the counts. */
export function partAdminListView(items: PartListItem[]) {
  const codes = alternativeCodesFor(items.map((item) => item.id));
  return items.map((item) => ({
    id: item.id,
    code: item.code,
    name: item.name,
    manufacturer: item.manufacturer,
    description: item.description,
    category_id: item.categoryId,
    category_name: item.categoryName,
    category: item.categoryName,
    mercado_livre_link: item.mercadoLivreLink,
    image_url: item.imageUrl,
    alternative_codes: (codes.get(item.id) ?? []).map(alternativeCodeView),
    alternative_codes_count: item.alternativeCodesCount,
    compat_count: item.vehiclesCount,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  }));
}

export function partAlternativeCodeView(code: AlternativeCodeRow) {
  return { id: code.id, alternative_code: code.code, description: code.description };
}
