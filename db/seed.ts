import { count, eq, sql, type InferInsertModel } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  activity,
  brands,
  categories,
  companyIdentity,
  partAlternativeCodes,
  parts,
  partVehicles,
  payments,
  plans,
  searches,
  seoSettings,
  subscriptions,
  userPreferences,
  users,
  vehicles,
} from "~db/schema";
import { hashPassword } from "~/utils/password.server";
import { REFRESH_ALL_FITMENT_KEYS } from "./fitment-keys";
import { immediateTransaction, type Db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import { saoPauloDay } from "~/utils/format";
import {
  BRANDS,
  CATEGORIES,
  buildCatalogue,
  normalizeSeedCode,
  type PartSeed,
  type VehicleSeed,
} from "./seed-data/catalogue";

export type SeedOptions = { adminEmail: string; adminPassword: string; demo: boolean };

const DEMO_PASSWORD = "demo1234";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT: keeps every statement well under SQLite's limit on bound variables. */
const CHUNK_SIZE = 500;

export const SEED_PLANS = [
  {
    name: "Gratuito",
    description: "Para conhecer o Encaixa e fazer as consultas do dia a dia da oficina.",
    priceCents: 0,
    creditsPerMonth: 1500,
    sortOrder: 0,
    features: [
      "50 buscas por dia",
      "Busca por código e por descrição",
      "Códigos alternativos e equivalências",
      "Compatibilidade por veículo",
      "Suporte por e-mail",
    ],
    policies:
      "As buscas do dia são renovadas à meia-noite (horário de Brasília) e não acumulam. " +
      "Uma busca só é descontada quando encontra alguma peça, e repetir a mesma busca no mesmo dia não desconta de novo. " +
      "Não é preciso cartão de crédito.",
  },
  {
    name: "Profissional",
    description: "Para lojas de autopeças e oficinas que consultam o catálogo o dia inteiro.",
    priceCents: 4990,
    creditsPerMonth: 6000,
    sortOrder: 1,
    features: [
      "200 buscas por dia",
      "Busca por código, descrição e veículo",
      "Histórico completo de buscas",
      "Links de compra no Mercado Livre",
      "Suporte prioritário por e-mail e WhatsApp",
    ],
    policies:
      "Cobrança mensal por cartão de crédito ou PIX; o plano é ativado assim que o pagamento é confirmado. " +
      "Sem fidelidade: ao cancelar, o acesso continua até o fim do período já pago. " +
      "As buscas do dia são renovadas à meia-noite (horário de Brasília).",
  },
  {
    name: "Enterprise",
    description: "Para redes de lojas e distribuidores que integram o catálogo aos seus sistemas.",
    priceCents: 19990,
    creditsPerMonth: -1,
    sortOrder: 2,
    features: [
      "Buscas ilimitadas",
      "Acesso à API com chave própria",
      "Busca por código, descrição e veículo",
      "Relatórios de buscas da equipe",
      "Atendimento dedicado",
      "Suporte prioritário por e-mail e WhatsApp",
    ],
    policies:
      "Cobrança mensal por cartão de crédito ou PIX; o plano é ativado assim que o pagamento é confirmado. " +
      "Uso da API sujeito a limites técnicos de requisições por minuto para proteger a estabilidade do serviço. " +
      "Sem fidelidade: ao cancelar, o acesso continua até o fim do período já pago.",
  },
] as const;

/**
 * Fills an empty database: plans, the first admin and the SEO row always; with `demo`, also the
 * demo catalogue and two demo customers. A database that already has users or plans is left alone.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ seeded: boolean }> {
  if (!isEmpty(db)) return { seeded: false };

  // scrypt is asynchronous and SQLite transactions here are synchronous, so hash first.
  const [adminHash, zeHash, mariaHash] = await Promise.all([
    hashPassword(options.adminPassword),
    options.demo ? hashPassword(DEMO_PASSWORD) : "",
    options.demo ? hashPassword(DEMO_PASSWORD) : "",
  ]);
  const now = new Date();

  const seeded = immediateTransaction(db, () => {
    // Another process (a second server, the worker) may have seeded while we were hashing.
    if (!isEmpty(db)) return false;
    const planIds = insertPlans(db);
    const adminId = insertUser(db, {
      name: "Administrador",
      email: options.adminEmail,
      passwordHash: adminHash,
      role: "admin",
    });
    db.insert(seoSettings)
      .values({
        id: 1,
        siteName: "Encaixa",
        siteTitle: "Encaixa — compatibilidade de peças automotivas",
        siteDescription:
          "Compatibilidade de peças automotivas para oficinas e lojas: digite o código da peça e veja em quais veículos ela serve, com os códigos equivalentes.",
        logoInitials: "EN",
        ogSiteName: "Encaixa",
        twitterCard: "summary_large_image",
      })
      .onConflictDoNothing()
      .run();
    if (options.demo) seedDemo(db, { planIds, adminId, zeHash, mariaHash, now });
    db.$client.exec(REFRESH_ALL_FITMENT_KEYS);
    return true;
  });
  return { seeded };
}

function isEmpty(db: Db): boolean {
  const userRows = db.select({ n: count() }).from(users).get()?.n ?? 0;
  const planRows = db.select({ n: count() }).from(plans).get()?.n ?? 0;
  return userRows === 0 && planRows === 0;
}

type PlanIds = Record<(typeof SEED_PLANS)[number]["name"], number>;

function insertPlans(db: Db): PlanIds {
  const rows = db
    .insert(plans)
    .values(
      SEED_PLANS.map((plan) => ({
        ...plan,
        features: [...plan.features],
        status: "active" as const,
      })),
    )
    .returning({ id: plans.id, name: plans.name })
    .all();
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as PlanIds;
}

function insertUser(db: Db, user: InferInsertModel<typeof users>): number {
  const { id } = db
    .insert(users)
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .returning({ id: users.id })
    .get();
  db.insert(userPreferences).values({ userId: id }).run();
  return id;
}

function insertChunked<T extends SQLiteTable>(db: Db, table: T, rows: InferInsertModel<T>[]) {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    db.insert(table)
      .values(rows.slice(start, start + CHUNK_SIZE))
      .run();
  }
}

/** The next free id; the seed assigns ids itself so fitments can point at rows it has just written. */
function nextId(db: Db, table: typeof vehicles | typeof parts): number {
  const row = db
    .select({ max: sql<number | null>`max(${table.id})` })
    .from(table)
    .get();
  return (row?.max ?? 0) + 1;
}

type DemoContext = {
  planIds: PlanIds;
  adminId: number;
  zeHash: string;
  mariaHash: string;
  now: Date;
};

/**
 * The demo's company identity (receipts' issuer, e-mail and landing footers), stored as the model
 * keeps it: a CNPJ whose check digits hold, the CEP's and the WhatsApp's digits. Only with demo
 * data: a real install shows no company until its admin keeps one.
 * @internal The seed's test checks it.
 */
export const DEMO_COMPANY = {
  legalName: "Encaixa Tecnologia Ltda",
  cnpj: "34567890000130",
  address: "Av. Paulista, 1000, Sala 12, Bela Vista",
  city: "São Paulo",
  state: "SP",
  postalCode: "01310100",
  email: "contato@encaixa.demo",
  whatsapp: "11987654321",
} as const;

function seedDemo(db: Db, context: DemoContext) {
  db.insert(companyIdentity)
    .values({ id: 1, ...DEMO_COMPANY })
    .onConflictDoNothing()
    .run();
  const catalogue = buildCatalogue();
  const partIdByCode = insertCatalogue(db, catalogue.vehicles, catalogue.parts);
  insertDemoCustomers(db, context, catalogue, partIdByCode);
}

/** Writes categories, brands, vehicles, parts, alternative codes and fitments; returns part ids by code. */
function insertCatalogue(
  db: Db,
  vehicleSeeds: VehicleSeed[],
  partSeeds: PartSeed[],
): Map<string, number> {
  db.insert(categories)
    .values([...CATEGORIES])
    .onConflictDoNothing()
    .run();
  const categoryIds = new Map(
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .all()
      .map((c) => [c.name, c.id]),
  );
  db.insert(brands)
    .values(BRANDS.map((name) => ({ name })))
    .onConflictDoNothing()
    .run();

  const firstVehicleId = nextId(db, vehicles);
  insertChunked(
    db,
    vehicles,
    vehicleSeeds.map(({ platform: _platform, engineFamily: _engineFamily, ...vehicle }, index) => ({
      ...vehicle,
      id: firstVehicleId + index,
    })),
  );

  const firstPartId = nextId(db, parts);
  const partIdByCode = new Map<string, number>();
  const partRows: InferInsertModel<typeof parts>[] = [];
  const alternativeRows: InferInsertModel<typeof partAlternativeCodes>[] = [];
  const fitmentRows: InferInsertModel<typeof partVehicles>[] = [];

  partSeeds.forEach((part, index) => {
    const partId = firstPartId + index;
    const codeNorm = normalizeSeedCode(part.code);
    if (!partIdByCode.has(codeNorm)) partIdByCode.set(codeNorm, partId);
    partRows.push({
      id: partId,
      code: part.code,
      codeNorm,
      name: part.name,
      description: part.description,
      categoryId: categoryIds.get(part.category) ?? null,
      manufacturer: part.manufacturer,
      mercadoLivreLink: part.mercadoLivreLink,
      imageUrl: part.imageUrl,
    });
    for (const alternative of part.alternativeCodes) {
      alternativeRows.push({
        partId,
        alternativeCode: alternative.code,
        alternativeCodeNorm: normalizeSeedCode(alternative.code),
        description: alternative.description,
      });
    }
    for (const fitment of part.fitments) {
      fitmentRows.push({
        partId,
        vehicleId: firstVehicleId + fitment.vehicleIndex,
        notes: fitment.notes,
        position: fitment.position,
        side: fitment.side,
        yearFrom: fitment.yearFrom,
        yearTo: fitment.yearTo,
        source: "seed",
      });
    }
  });

  insertChunked(db, parts, partRows);
  insertChunked(db, partAlternativeCodes, alternativeRows);
  insertChunked(db, partVehicles, fitmentRows);
  return partIdByCode;
}

type DemoSearch = {
  who: "ze" | "maria";
  daysAgo: number;
  /** Hour of the day in São Paulo. */
  hour: number;
  type: "code" | "description" | "vehicle";
  query: string;
};

/** A week of plausible activity, so dashboards and histories are not empty on first start. */
const DEMO_SEARCHES: readonly DemoSearch[] = [
  { who: "ze", daysAgo: 6, hour: 9, type: "code", query: "BR123456" },
  { who: "ze", daysAgo: 6, hour: 10, type: "description", query: "pastilha de freio gol" },
  { who: "maria", daysAgo: 5, hour: 8, type: "code", query: "W 712/95" },
  { who: "maria", daysAgo: 5, hour: 11, type: "code", query: "hg31069" },
  { who: "ze", daysAgo: 4, hour: 14, type: "vehicle", query: "Chevrolet Onix 2019" },
  { who: "maria", daysAgo: 4, hour: 15, type: "description", query: "amortecedor dianteiro onix" },
  { who: "maria", daysAgo: 3, hour: 9, type: "code", query: "TRW-BR123" },
  { who: "maria", daysAgo: 3, hour: 9, type: "code", query: "TRW-BR123" },
  { who: "ze", daysAgo: 3, hour: 16, type: "code", query: "XYZ-0000" },
  { who: "maria", daysAgo: 2, hour: 10, type: "description", query: "filtro de oleo gol" },
  { who: "ze", daysAgo: 2, hour: 13, type: "code", query: "BKR6E" },
  { who: "maria", daysAgo: 1, hour: 8, type: "vehicle", query: "Fiat Toro 2021" },
  { who: "maria", daysAgo: 1, hour: 17, type: "code", query: "GDB123" },
  { who: "ze", daysAgo: 1, hour: 11, type: "description", query: "kit de embreagem" },
  { who: "ze", daysAgo: 0, hour: 8, type: "code", query: "PSL55" },
  { who: "maria", daysAgo: 0, hour: 9, type: "description", query: "vela de ignicao" },
];

const foldText = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

const STOP_WORDS = new Set(["de", "da", "do", "para", "e"]);

function insertDemoCustomers(
  db: Db,
  { planIds, adminId, zeHash, mariaHash, now }: DemoContext,
  catalogue: { vehicles: VehicleSeed[]; parts: PartSeed[] },
  partIdByCode: Map<string, number>,
) {
  const signedUpAt = new Date(now.getTime() - 7 * DAY_MS);
  const zeId = insertUser(db, {
    name: "José Silva",
    email: "ze@oficina.demo",
    passwordHash: zeHash,
    role: "user",
    company: "Oficina do Zé",
    phone: "(11) 98765-4321",
    customerType: "regular",
    createdAt: signedUpAt,
  });
  const mariaId = insertUser(db, {
    name: "Maria Souza",
    email: "maria@autopecas.demo",
    passwordHash: mariaHash,
    role: "premium_user",
    company: "Auto Peças Central",
    phone: "(31) 3456-7890",
    customerType: "premium",
    createdAt: signedUpAt,
  });

  db.insert(subscriptions)
    .values({
      userId: zeId,
      planId: planIds.Gratuito,
      status: "active",
      paymentMethod: "credit_card",
      startedAt: now,
    })
    .run();
  const mariaSubscription = db
    .insert(subscriptions)
    .values({
      userId: mariaId,
      planId: planIds.Profissional,
      status: "active",
      paymentMethod: "credit_card",
      startedAt: now,
      expiresAt: new Date(now.getTime() + 30 * DAY_MS),
    })
    .returning({ id: subscriptions.id })
    .get();
  const payment = db
    .insert(payments)
    .values({
      userId: mariaId,
      planId: planIds.Profissional,
      subscriptionId: mariaSubscription.id,
      status: "approved",
      gateway: "manual",
      amountCents: 4990,
      externalReference: "ENC-SEED-1",
      paidAt: now,
    })
    .returning({ id: payments.id })
    .get();

  const userIds = { ze: zeId, maria: mariaId };
  const searchRows = demoSearchRows(userIds, now, catalogue, partIdByCode);
  insertChunked(db, searches, searchRows);
  for (const userId of Object.values(userIds)) {
    const times = searchRows
      .filter((row) => row.userId === userId)
      .map((row) => row.createdAt!.getTime());
    if (times.length > 0)
      db.update(users)
        .set({ lastSearchAt: new Date(Math.max(...times)) })
        .where(eq(users.id, userId))
        .run();
  }

  insertChunked(db, activity, [
    {
      actorId: zeId,
      type: "signup",
      action: "Nova conta: José Silva",
      entity: "user",
      entityId: String(zeId),
      createdAt: signedUpAt,
    },
    {
      actorId: mariaId,
      type: "signup",
      action: "Nova conta: Maria Souza",
      entity: "user",
      entityId: String(mariaId),
      createdAt: signedUpAt,
    },
    {
      actorId: adminId,
      type: "catalogue",
      action: `Catálogo de demonstração carregado: ${catalogue.parts.length} peças e ${catalogue.vehicles.length} veículos`,
      entity: "part",
      createdAt: now,
    },
    {
      actorId: adminId,
      type: "payment",
      action: "Pagamento ENC-SEED-1 aprovado: R$ 49,90 (Maria Souza)",
      entity: "payment",
      entityId: String(payment.id),
      createdAt: now,
    },
    {
      actorId: mariaId,
      type: "subscription",
      action: "Assinatura ativada: Profissional (Maria Souza)",
      entity: "subscription",
      entityId: String(mariaSubscription.id),
      createdAt: now,
    },
  ]);
}

/**
 * Search history whose result counts agree with the demo catalogue; a search is charged only
 * when it found something and the same query was not already charged that day (fair metering).
 */
function demoSearchRows(
  userIds: Record<DemoSearch["who"], number>,
  now: Date,
  catalogue: { vehicles: VehicleSeed[]; parts: PartSeed[] },
  partIdByCode: Map<string, number>,
): InferInsertModel<typeof searches>[] {
  const charged = new Set<string>();
  return DEMO_SEARCHES.map((search, index) => {
    const createdAt = searchTime(now, search, index);
    const day = creditDay(createdAt);
    const queryNorm =
      search.type === "code" ? normalizeSeedCode(search.query) : foldText(search.query);
    const { resultsCount, partId } = demoResults(search, queryNorm, catalogue, partIdByCode);
    const key = `${search.who}|${day}|${search.type}|${queryNorm}`;
    const isCharged = resultsCount > 0 && !charged.has(key);
    if (isCharged) charged.add(key);
    return {
      userId: userIds[search.who],
      query: search.query,
      queryNorm,
      type: search.type,
      resultsCount,
      partId,
      charged: isCharged,
      durationMs: 6 + ((index * 37) % 45) + (search.type === "description" ? 18.5 : 0.4),
      day,
      createdAt,
    };
  });
}

/** `hour` o'clock in São Paulo, `daysAgo` days back; a time still to come today becomes a few minutes ago. */
function searchTime(now: Date, search: DemoSearch, index: number): Date {
  const [year, month, day] = saoPauloDay(new Date(now.getTime() - search.daysAgo * DAY_MS))
    .split("-")
    .map(Number);
  // São Paulo has kept UTC−3 all year since daylight saving time ended in 2019.
  const at = new Date(Date.UTC(year!, month! - 1, day!, search.hour + 3, (index * 7) % 60));
  return at < now ? at : new Date(now.getTime() - (index + 1) * 5 * 60 * 1000);
}

function demoResults(
  search: DemoSearch,
  queryNorm: string,
  catalogue: { vehicles: VehicleSeed[]; parts: PartSeed[] },
  partIdByCode: Map<string, number>,
): { resultsCount: number; partId: number | null } {
  if (search.type === "code") {
    const ownMatch = partIdByCode.get(queryNorm);
    const viaAlternative = catalogue.parts.filter((part) =>
      part.alternativeCodes.some(
        (alternative) => normalizeSeedCode(alternative.code) === queryNorm,
      ),
    ).length;
    return { resultsCount: (ownMatch ? 1 : 0) + viaAlternative, partId: ownMatch ?? null };
  }
  if (search.type === "vehicle") {
    const words = foldText(search.query).split(" ");
    const year = Number(words.at(-1));
    const matching = new Set(
      catalogue.vehicles.flatMap((vehicle, index) =>
        vehicle.year === year && words.includes(foldText(vehicle.model)) ? [index] : [],
      ),
    );
    const resultsCount = catalogue.parts.filter((part) =>
      part.fitments.some((f) => matching.has(f.vehicleIndex)),
    ).length;
    return { resultsCount, partId: null };
  }
  const words = queryNorm.split(" ").filter((word) => !STOP_WORDS.has(word));
  const resultsCount = catalogue.parts.filter((part) => {
    const text = foldText(`${part.name} ${part.description} ${part.manufacturer}`);
    return words.every((word) => text.includes(word));
  }).length;
  return { resultsCount: Math.min(resultsCount, 20), partId: null };
}
