import {
  categories,
  partAlternativeCodes,
  parts,
  partVehicles,
  plans,
  vehicles,
  type Role,
} from "../../db/schema";
import { normalizeCode } from "../../app/utils/codes";
import { createAccount } from "../../app/models/accounts/user.server";
import { db } from "../../app/utils/db.server";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function createPlan(overrides: Partial<typeof plans.$inferInsert> = {}) {
  return db()
    .insert(plans)
    .values({
      name: `Plano ${unique()}`,
      creditsPerMonth: 1500,
      priceCents: 0,
      status: "active",
      features: ["Busca por código"],
      ...overrides,
    })
    .returning()
    .get();
}

export function createFreePlan() {
  return createPlan({
    name: `Gratuito ${unique()}`,
    priceCents: null,
    creditsPerMonth: 1500,
    sortOrder: 0,
  });
}

export async function createUser(
  overrides: { role?: Role; password?: string; email?: string; name?: string } = {},
) {
  const password = overrides.password ?? "senha123";
  const created = await createAccount({
    name: overrides.name ?? "Cliente Teste",
    email: overrides.email ?? `cliente-${unique()}@teste.dev`,
    password,
    role: overrides.role,
  });
  if (!created.ok) throw new Error(created.message);
  return { user: created.value, password };
}

export function createCategory(name = `Categoria ${unique()}`) {
  return db().insert(categories).values({ name }).returning().get();
}

type PartInput = {
  code: string;
  name: string;
  manufacturer?: string;
  description?: string;
  categoryId?: number | null;
  alternatives?: string[];
};

export function createPart(input: PartInput) {
  const part = db()
    .insert(parts)
    .values({
      code: input.code,
      codeNorm: normalizeCode(input.code),
      name: input.name,
      description: input.description ?? null,
      manufacturer: input.manufacturer ?? "Fabricante Teste",
      categoryId: input.categoryId ?? null,
    })
    .returning()
    .get();
  for (const alternative of input.alternatives ?? []) {
    db()
      .insert(partAlternativeCodes)
      .values({
        partId: part.id,
        alternativeCode: alternative,
        alternativeCodeNorm: normalizeCode(alternative),
      })
      .run();
  }
  return part;
}

export function createVehicle(overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  return db()
    .insert(vehicles)
    .values({ brand: "Volkswagen", model: "Gol", year: 2015, version: "1.0 MPI", ...overrides })
    .returning()
    .get();
}

export function fit(partId: number, vehicleId: number, notes?: string) {
  db()
    .insert(partVehicles)
    .values({ partId, vehicleId, notes: notes ?? null })
    .run();
}

// --- API search and dashboard helpers -------------------------------------------------------

import { eq as eqF } from "drizzle-orm";
import {
  activity as activityTable,
  brands as brandsTable,
  searches as searchesTable,
  subscriptions as subscriptionsTable,
  users as usersTable,
} from "../../db/schema";
import { creditDay } from "../../app/utils/credit-day";

/** Moves a customer to a plan with `daily` searches a day, and sets their extra credits. */
export function setDailyAllowance(userId: number, daily: number, extraCredits = 0) {
  const plan = createPlan({ creditsPerMonth: daily * 30, priceCents: 1000 });
  db()
    .update(subscriptionsTable)
    .set({ planId: plan.id })
    .where(eqF(subscriptionsTable.userId, userId))
    .run();
  db()
    .update(usersTable)
    .set({ creditsBalance: extraCredits })
    .where(eqF(usersTable.id, userId))
    .run();
  return plan;
}

/** A logged search row, written directly (no metering): for statistics and feeds. */
export function recordSearch(input: {
  userId: number | null;
  query: string;
  partId?: number | null;
  at: Date;
  type?: "code" | "description";
  charged?: boolean;
}) {
  return db()
    .insert(searchesTable)
    .values({
      userId: input.userId,
      query: input.query,
      queryNorm: normalizeCode(input.query),
      type: input.type ?? "code",
      resultsCount: input.partId ? 1 : 0,
      partId: input.partId ?? null,
      charged: input.charged ?? false,
      day: creditDay(input.at),
      createdAt: input.at,
    })
    .returning()
    .get();
}

export function createBrand(name: string) {
  return db().insert(brandsTable).values({ name }).returning().get();
}

/** An activity log row at a given time. */
export function recordActivity(input: {
  actorId: number | null;
  type: string;
  action: string;
  at: Date;
}) {
  return db()
    .insert(activityTable)
    .values({ actorId: input.actorId, type: input.type, action: input.action, createdAt: input.at })
    .returning()
    .get();
}

/** The value of an outcome the test expects to be accepted; a refusal fails the test with its message. */
export function accepted<T>(outcome: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.value;
}

// --- Sessions -----------------------------------------------------------------------------------

import { createSession } from "../../app/models/accounts/session.server";
import type { User } from "../../app/models/accounts/user.server";
import { commitWebSession } from "../../app/server/auth.server";

/** Headers of a fresh session for `user`: the web session cookie, or an API bearer token. */
export async function sessionHeaders(
  user: User,
  kind: "web" | "api",
): Promise<Record<string, string>> {
  if (kind === "api") return { Authorization: `Bearer ${createSession(user.id, "api").id}` };
  const cookie = await commitWebSession(user, new Request("http://localhost/"), "127.0.0.1");
  return { Cookie: cookie.split(";")[0]! };
}

/** Two Gols, an Uno and an Onix: what the part form's vehicle picker tests filter and page through. */
export function createPickerVehicles(): number[] {
  return [
    createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015, version: "1.0 MPI" }).id,
    createVehicle({ brand: "Volkswagen", model: "Gol", year: 2016, version: "1.6 MSI" }).id,
    createVehicle({ brand: "Fiat", model: "Uno", year: 2012, version: "Vivace 1.0" }).id,
    createVehicle({ brand: "Chevrolet", model: "Onix", year: 2020, version: "LT 1.0 Turbo" }).id,
  ];
}

// --- Invoices (receipts) ------------------------------------------------------------------------

import { payments as paymentsTable } from "../../db/schema";

/** An invoice row of `userId`, written directly: approved and paid unless `overrides` say otherwise. */
export function createInvoiceFor(
  userId: number,
  overrides: Partial<typeof paymentsTable.$inferInsert> = {},
) {
  return db()
    .insert(paymentsTable)
    .values({
      userId,
      status: "approved",
      gateway: "manual",
      amountCents: 9990,
      externalReference: `ENC-TEST-${unique().toUpperCase()}`,
      paidAt: new Date(),
      ...overrides,
    })
    .returning()
    .get();
}

// --- Calling a page's loader or action ----------------------------------------------------------

import { takeToast } from "../../app/server/toast.server";

export type RouteHandler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

/** A loader's or action's answer as a Response: thrown Responses and `data()` included. */
export async function invoke(
  handler: RouteHandler,
  path: string,
  init: {
    method?: string;
    body?: BodyInit;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
  });
  try {
    const result = await handler({ request, params: init.params ?? {}, context: {} });
    if (result instanceof Response) return result;
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const { data, init: responseInit } = result as { data: unknown; init: ResponseInit | null };
      return Response.json(data, responseInit ?? undefined);
    }
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export const FORM = "application/x-www-form-urlencoded";

/** A form post as one of our own pages sends it. */
export const postHeaders = async (user: User, type = FORM) => ({
  ...(await sessionHeaders(user, "web")),
  Origin: "http://localhost",
  "Content-Type": type,
});

/** The toast a redirect carries, read as the next page would. */
export async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await takeToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}
