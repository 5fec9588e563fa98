import { plans, type Role } from "../../db/schema";
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
