import { sql } from "drizzle-orm";
import {
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, set by SQLite on insert so every writer agrees. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
    .$onUpdate(() => new Date());

export const ROLES = ["admin", "user", "premium_user"] as const;
export type Role = (typeof ROLES)[number];
export const CUSTOMER_TYPES = ["regular", "premium", "vip"] as const;
export const USER_STATUSES = ["active", "inactive", "suspended"] as const;
export const SESSION_KINDS = ["web", "api"] as const;
export const PLAN_STATUSES = ["active", "inactive"] as const;
export const SUBSCRIPTION_STATUSES = ["pending", "active", "cancelled", "expired"] as const;
export const PAYMENT_METHODS = ["credit_card", "bank_transfer", "pix", "cash"] as const;
export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
  "expired",
] as const;
export const GATEWAYS = ["mercadopago", "paghiper_pix", "manual"] as const;
export const VEHICLE_TYPES = ["carros", "motos", "caminhoes"] as const;
export const SEARCH_TYPES = ["code", "description", "vehicle", "image", "compare"] as const;
export const IMPORT_STATUSES = [
  "idle",
  "running",
  "paused",
  "completed",
  "error",
  "cancelled",
] as const;
export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    phone: text("phone"),
    company: text("company"),
    customerType: text("customer_type", { enum: CUSTOMER_TYPES }).notNull().default("regular"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    notes: text("notes"),
    creditsBalance: integer("credits_balance").notNull().default(0),
    lastSearchAt: integer("last_search_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_role_idx").on(t.role)],
);

/** A users row: the account that sessions, users and customers all read (one type, not a circle). */
export type User = typeof users.$inferSelect;

export const sessions = sqliteTable(
  "sessions",
  {
    /**
     * SHA-256 (hex) of the session's token: the cookie or bearer carries the token, the database
     * only its hash, so a copy of the database opens no session (ADR 0029).
     */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SESSION_KINDS }).notNull().default("web"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One row per password check not (yet) forgiven; the throttle counts them in a sliding window
 * (ADR 0016, 0029). Every column has a bounded size, whatever was submitted.
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The client address, at most 64 characters. */
    ip: text("ip").notNull(),
    /** SHA-256 (hex) of the normalised e-mail tried, never the e-mail itself. */
    email: text("email").notNull(),
    /** Let in through the account's slow lane: the account was over its limit (ADR 0016). */
    slowLane: integer("slow_lane", { mode: "boolean" }).notNull().default(false),
    /** SHA-256 (hex) of the device token the attempt came with (trusted lane), else null. */
    device: text("device"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_device_idx").on(t.device, t.createdAt),
  ],
);

/** Self sign-ups by client address, kept for the hour the sign-up limit looks at (ADR 0014). */
export const signups = sqliteTable(
  "signups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signups_ip_idx").on(t.ip, t.createdAt)],
);

/**
 * "Esqueci minha senha" links (ADR 0043): one per account, replaced by a new request; single use,
 * valid for 30 minutes. Only the SHA-256 of the token is kept: the e-mail carries the token.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the link set a password; a used link opens nothing. */
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_user_unique").on(t.userId),
    uniqueIndex("password_resets_token_unique").on(t.tokenHash),
  ],
);

/** Reset link requests by client address and e-mail (hashed), for their throttle (ADR 0043). */
export const passwordResetRequests = sqliteTable(
  "password_reset_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The client address, at most 64 characters. */
    ip: text("ip").notNull(),
    /** SHA-256 (hex) of the normalised e-mail asked for, known or not. */
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_reset_requests_ip_idx").on(t.ip, t.createdAt),
    index("password_reset_requests_email_idx").on(t.email, t.createdAt),
  ],
);

export const userPreferences = sqliteTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(true),
  searchReminders: integer("search_reminders", { mode: "boolean" }).notNull().default(true),
  subscriptionAlerts: integer("subscription_alerts", { mode: "boolean" }).notNull().default(true),
  updatedAt: updatedAt(),
});

export const plans = sqliteTable(
  "plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    /** Cents; 0 or null means free. */
    priceCents: integer("price_cents"),
    /** −1 means unlimited. */
    creditsPerMonth: integer("credits_per_month").notNull(),
    status: text("status", { enum: PLAN_STATUSES }).notNull().default("active"),
    features: text("features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    policies: text("policies"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("plans_name_unique").on(t.name)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("pending"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS })
      .notNull()
      .default("credit_card"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /**
     * A downgrade waiting for this paid period to end (ADR 0046): the plan the customer moves to
     * at `expires_at`, how they chose to pay it, and when they asked.
     */
    scheduledPlanId: integer("scheduled_plan_id").references(() => plans.id, {
      onDelete: "set null",
    }),
    scheduledPaymentMethod: text("scheduled_payment_method", { enum: PAYMENT_METHODS }),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user_status_idx").on(t.userId, t.status),
    index("subscriptions_scheduled_idx").on(t.scheduledPlanId, t.expiresAt),
    index("subscriptions_plan_idx").on(t.planId),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    gateway: text("gateway", { enum: GATEWAYS }).notNull(),
    /** What the provider charges: the plan's price less `creditCents`. */
    amountCents: integer("amount_cents").notNull(),
    /**
     * An upgrade's credit for the unused part of the paid period it replaces (ADR 0046); the
     * plan's price is `amountCents + creditCents`.
     */
    creditCents: integer("credit_cents").notNull().default(0),
    /** The subscription whose unused days `creditCents` pays for. */
    replacesSubscriptionId: integer("replaces_subscription_id").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    externalReference: text("external_reference").notNull(),
    providerPaymentId: text("payment_id"),
    initPoint: text("init_point"),
    sandboxInitPoint: text("sandbox_init_point"),
    pixCode: text("pix_code"),
    pixQr: text("pix_qr"),
    /** The payer's CPF or CNPJ (digits, or the alphanumeric CNPJ upper-cased) when known, for the receipt. */
    payerTaxId: text("payer_tax_id"),
    /** Mercado Pago preference behind init_point (one checkout may carry several payment tries). */
    checkoutId: text("checkout_id"),
    /** The provider's own status word, as last read (e.g. PagHiper "processing" while disputed). */
    providerStatus: text("provider_status"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /** When the poller next asks the provider about this pending invoice, and how often it has. */
    nextCheckAt: integer("next_check_at", { mode: "timestamp_ms" }),
    checkAttempts: integer("check_attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_next_check_idx").on(t.status, t.nextCheckAt),
    uniqueIndex("payments_external_reference_unique").on(t.externalReference),
    index("payments_user_idx").on(t.userId),
    index("payments_status_idx").on(t.status),
    index("payments_provider_id_idx").on(t.gateway, t.providerPaymentId),
  ],
);

export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: createdAt(),
    payload: text("payload").notNull(),
    processedAt: integer("processed_at", { mode: "timestamp_ms" }),
    outcome: text("outcome"),
  },
  (t) => [uniqueIndex("webhook_events_provider_event_unique").on(t.provider, t.eventId)],
);

export const gatewayConfigs = sqliteTable("gateway_configs", {
  provider: text("provider").primaryKey(),
  /** AES-GCM ciphertext of the provider's JSON settings, keyed from the app secret. */
  encryptedConfig: text("encrypted_config").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  updatedAt: updatedAt(),
});

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    icon: text("icon"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_name_unique").on(t.name)],
);

export const brands = sqliteTable(
  "brands",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("brands_name_unique").on(t.name)],
);

export const parts = sqliteTable(
  "parts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    codeNorm: text("code_norm").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "restrict" }),
    manufacturer: text("manufacturer").notNull(),
    mercadoLivreLink: text("mercado_livre_link"),
    imageUrl: text("image_url"),
    /**
     * The brands and models the part fits, as one-word keys ("bvolkswagen mvolkswagengol"), kept
     * by triggers on part_vehicles and vehicles so the descriptions index can narrow by vehicle
     * (ADR 0032). Never written by the app.
     */
    fitmentKeys: text("fitment_keys").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("parts_manufacturer_code_unique").on(t.manufacturer, t.codeNorm),
    index("parts_code_norm_idx").on(t.codeNorm),
    index("parts_category_idx").on(t.categoryId),
  ],
);

export const partAlternativeCodes = sqliteTable(
  "part_alternative_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partId: integer("part_id")
      .notNull()
      .references(() => parts.id, { onDelete: "cascade" }),
    alternativeCode: text("alternative_code").notNull(),
    alternativeCodeNorm: text("alternative_code_norm").notNull(),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Covers the search by alternative code and the data-quality scan of shared codes (ADR 0024).
    index("part_alt_codes_norm_part_idx").on(t.alternativeCodeNorm, t.partId),
    uniqueIndex("part_alt_codes_part_norm_unique").on(t.partId, t.alternativeCodeNorm),
  ],
);

export const vehicles = sqliteTable(
  "vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    generation: text("generation"),
    year: integer("year").notNull(),
    version: text("version").notNull(),
    engine: text("engine"),
    fuel: text("fuel"),
    transmission: text("transmission"),
    bodyType: text("body_type"),
    vehicleType: text("vehicle_type", { enum: VEHICLE_TYPES }).notNull().default("carros"),
    fipeCode: text("fipe_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("vehicles_brand_model_year_idx").on(t.brand, t.model, t.year),
    // A description query may name the model without the brand ("pastilha gol 2015").
    index("vehicles_model_year_idx").on(t.model, t.year),
    // The search's vehicle dictionary notices an edited vehicle by its latest updated_at.
    index("vehicles_updated_idx").on(t.updatedAt),
    index("vehicles_type_brand_idx").on(t.vehicleType, t.brand),
    uniqueIndex("vehicles_fipe_year_unique")
      .on(t.fipeCode, t.year)
      .where(sql`fipe_code is not null`),
  ],
);

export const partVehicles = sqliteTable(
  "part_vehicles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partId: integer("part_id")
      .notNull()
      .references(() => parts.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    notes: text("notes"),
    position: text("position"),
    side: text("side"),
    yearFrom: integer("year_from"),
    yearTo: integer("year_to"),
    source: text("source"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("part_vehicles_part_vehicle_unique").on(t.partId, t.vehicleId),
    // Covers "which parts fit this vehicle" without reading the fitment rows.
    index("part_vehicles_vehicle_idx").on(t.vehicleId, t.partId, t.position),
  ],
);

/**
 * How mechanics write a catalogue word: shop abbreviations, synonyms, the other gender of an
 * adjective. `term` is one word as typed, folded (lower case, no accents); `meaning` is the
 * catalogue's word(s) it stands for, folded too. Edited on /admin/synonyms; read by the search.
 */
export const searchSynonyms = sqliteTable(
  "search_synonyms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    term: text("term").notNull(),
    meaning: text("meaning").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("search_synonyms_term_meaning_unique").on(t.term, t.meaning)],
);

/** 1900–2099: the migration spells fitments' year ranges out against it for the fitment keys. */
export const calendarYears = sqliteTable("calendar_years", {
  year: integer("year").primaryKey(),
});

export const searches = sqliteTable(
  "searches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    query: text("query").notNull(),
    queryNorm: text("query_norm").notNull(),
    type: text("type", { enum: SEARCH_TYPES }).notNull(),
    resultsCount: integer("results_count").notNull().default(0),
    partId: integer("part_id").references(() => parts.id, { onDelete: "set null" }),
    charged: integer("charged", { mode: "boolean" }).notNull().default(false),
    durationMs: real("duration_ms").notNull().default(0),
    /** Calendar day in America/Sao_Paulo, YYYY-MM-DD: the unit of the daily allowance. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("searches_user_day_idx").on(t.userId, t.day, t.charged),
    index("searches_day_idx").on(t.day),
    index("searches_user_day_query_idx").on(t.userId, t.day, t.type, t.queryNorm),
    index("searches_created_idx").on(t.createdAt),
  ],
);

export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    searchId: integer("search_id").references(() => searches.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("credit_ledger_user_idx").on(t.userId, t.createdAt)],
);

export const activity = sqliteTable(
  "activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    action: text("action").notNull(),
    entity: text("entity"),
    entityId: text("entity_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_created_idx").on(t.createdAt),
    // An invoice's payment discrepancies, read on the admin invoice screens (ADR 0028).
    index("activity_entity_idx").on(t.entity, t.entityId, t.type),
  ],
);

export const seoSettings = sqliteTable("seo_settings", {
  id: integer("id").primaryKey(),
  siteTitle: text("site_title"),
  siteDescription: text("site_description"),
  siteName: text("site_name"),
  logoInitials: text("logo_initials"),
  faviconUrl: text("favicon_url"),
  ogSiteName: text("og_site_name"),
  ogImageUrl: text("og_image_url"),
  twitterCard: text("twitter_card").notNull().default("summary_large_image"),
  twitterSite: text("twitter_site"),
  robotsTxt: text("robots_txt"),
  sitemapEnabled: integer("sitemap_enabled", { mode: "boolean" }).notNull().default(true),
  canonicalUrl: text("canonical_url"),
  updatedAt: updatedAt(),
});

/** The company behind the app (one row): the issuer on receipts, the e-mail footer, the landing footer. */
export const companyIdentity = sqliteTable("company_identity", {
  id: integer("id").primaryKey(),
  legalName: text("legal_name"),
  /** 14 characters, normalised (digits, or the alphanumeric CNPJ upper-cased). */
  cnpj: text("cnpj"),
  /** Street, number, complement and district in one line. */
  address: text("address"),
  city: text("city"),
  /** UF, two upper-case letters. */
  state: text("state"),
  /** CEP, 8 digits. */
  postalCode: text("postal_code"),
  email: text("email"),
  /** Brazilian phone, digits only with the area code (10 or 11 digits). */
  whatsapp: text("whatsapp"),
  updatedAt: updatedAt(),
});

export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("idle"),
    options: text("options", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    processedItems: integer("processed_items").notNull().default(0),
    totalItems: integer("total_items").notNull().default(0),
    currentPage: integer("current_page").notNull().default(0),
    totalPages: integer("total_pages").notNull().default(0),
    createdParts: integer("created_parts").notNull().default(0),
    createdVehicles: integer("created_vehicles").notNull().default(0),
    createdCompatibilities: integer("created_compatibilities").notNull().default(0),
    skippedParts: integer("skipped_parts").notNull().default(0),
    skippedVehicles: integer("skipped_vehicles").notNull().default(0),
    skippedCompatibilities: integer("skipped_compatibilities").notNull().default(0),
    updatedParts: integer("updated_parts").notNull().default(0),
    updatedVehicles: integer("updated_vehicles").notNull().default(0),
    updatedCompatibilities: integer("updated_compatibilities").notNull().default(0),
    /** The job-runner id of the run working on this import now (a resume starts a new run). */
    runId: text("run_id"),
    errorCount: integer("error_count").notNull().default(0),
    startedById: integer("started_by_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("import_jobs_status_idx").on(t.status)],
);

export const importLogs = sqliteTable(
  "import_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    importJobId: integer("import_job_id")
      .notNull()
      .references((): AnySQLiteColumn => importJobs.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["info", "warn", "error"] })
      .notNull()
      .default("info"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("import_logs_job_idx").on(t.importJobId, t.id)],
);

/** What the job runner knows of each job, whichever backend runs it. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    backend: text("backend", { enum: ["inline", "bullmq"] }).notNull(),
    /** "host:pid" of the process running (or, inline, about to run) it: a dead owner's run failed. */
    owner: text("owner"),
    attempts: integer("attempts").notNull().default(0),
    result: text("result", { mode: "json" }).$type<unknown>(),
    error: text("error"),
    createdAt: createdAt(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("job_runs_name_status_idx").on(t.name, t.status)],
);

export const backups = sqliteTable("backups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  path: text("path").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  createdAt: createdAt(),
});

/**
 * Answers the web processes gave, counted per UTC hour: the dashboard's error rate. Each process
 * adds its counts every minute (and at shutdown), so the figure is at most a minute behind.
 */
export const requestStats = sqliteTable("request_stats", {
  /** "YYYY-MM-DDTHH", UTC. */
  hour: text("hour").primaryKey(),
  requests: integer("requests").notNull().default(0),
  serverErrors: integer("server_errors").notNull().default(0),
});

export const MAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;

/** What an outbox message carries as an attachment: its content base64-encoded, size capped (ADR 0042). */
export type MailAttachmentRecord = { filename: string; contentType: string; contentBase64: string };

/**
 * Every message the app means to send, one per event (its key): the deliver job sends it and
 * records the outcome here, so a failing SMTP server loses nothing and shows on the dashboard.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventKey: text("event_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: text("attachments", { mode: "json" })
      .$type<MailAttachmentRecord[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.updatedAt)],
);

/** The local catcher's inbox (no SMTP_URL, never in production): each message as sent, RFC 822. */
export const mailSimMessages = sqliteTable(
  "mail_sim_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    raw: text("raw").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_sim_messages_created_idx").on(t.createdAt)],
);

/**
 * A customer's or admin's API keys (ADR 0049): the key is shown once; the database keeps its SHA-256
 * (hex) and the visible prefix the owner recognises it by. Revoked keys stay listed, refused.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters ("enc_live_" and a few more), shown in the list. */
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

/**
 * Token buckets of the per-credential request rate (ADR 0050), shared by every web process: a
 * request takes a token in one write, so the limit is exact across processes.
 */
export const rateBuckets = sqliteTable(
  "rate_buckets",
  {
    /** What the bucket limits, e.g. "api-key:<sha256>". */
    key: text("key").primaryKey(),
    tokens: real("tokens").notNull(),
    /** Milliseconds since the epoch of the last refill. */
    refilledAt: integer("refilled_at").notNull(),
  },
  (t) => [index("rate_buckets_refilled_idx").on(t.refilledAt)],
);

export const IDEMPOTENCY_STATES = ["pending", "done"] as const;

/**
 * The first answer to each `Idempotency-Key` a user sent with a POST or PATCH of the API, kept 24 h
 * (ADR 0051): the same key and request answer it again; another request under the key is a 422.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body the key was first used with. */
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: IDEMPOTENCY_STATES }).notNull().default("pending"),
    status: integer("status"),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_user_key_idx").on(t.userId, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
