import { categories, partAlternativeCodes, parts, partVehicles, plans, vehicles, type Role } from "../../db/schema";
import { normalizeCode } from "../../app/models/codes";
import { createAccount } from "../../app/models/user.server";
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
  return createPlan({ name: `Gratuito ${unique()}`, priceCents: null, creditsPerMonth: 1500, sortOrder: 0 });
}

export async function createUser(overrides: { role?: Role; password?: string; email?: string; name?: string } = {}) {
  const password = overrides.password ?? "senha123";
  const user = await createAccount({
    name: overrides.name ?? "Cliente Teste",
    email: overrides.email ?? `cliente-${unique()}@teste.dev`,
    password,
    role: overrides.role,
  });
  return { user, password };
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
      .values({ partId: part.id, alternativeCode: alternative, alternativeCodeNorm: normalizeCode(alternative) })
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
  db().insert(partVehicles).values({ partId, vehicleId, notes: notes ?? null }).run();
}
