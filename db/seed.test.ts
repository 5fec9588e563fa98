import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activity,
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
import { isValidCnpj } from "~/utils/cnpj";
import { isBrazilianPhone, isCep } from "~/utils/contact";
import { verifyPassword } from "~/utils/password.server";
import { migrateDatabase, openDatabase, type Db } from "~/utils/db.server";
import { DEMO_COMPANY, seedDatabase } from "./seed";

const migrations = fileURLToPath(new URL("./migrations", import.meta.url));
const admin = { adminEmail: "Admin@Encaixa.Test", adminPassword: "senha-forte-123" };
const countedTables = {
  users,
  plans,
  vehicles,
  parts,
  partAlternativeCodes,
  partVehicles,
  subscriptions,
  payments,
  searches,
  activity,
  userPreferences,
  seoSettings,
  companyIdentity,
};

let dir: string;
const opened: Db[] = [];

function freshDatabase(name: string): Db {
  const db = openDatabase(path.join(dir, `${name}.db`));
  migrateDatabase(db, migrations);
  opened.push(db);
  return db;
}

function tableCounts(db: Db): Record<string, number> {
  return Object.fromEntries(
    Object.entries(countedTables).map(([name, table]) => [
      name,
      db.select({ n: count() }).from(table).get()!.n,
    ]),
  );
}

const normalise = (code: string) => code.toUpperCase().replace(/[^\p{L}\p{N}]/gu, "");

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "encaixa-seed-"));
});

afterAll(() => {
  for (const db of opened) db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("seedDatabase with demo data", () => {
  let db: Db;
  let firstRun: { seeded: boolean };
  let secondRun: { seeded: boolean };
  let countsAfterFirst: Record<string, number>;

  beforeAll(async () => {
    db = freshDatabase("demo");
    firstRun = await seedDatabase(db, { ...admin, demo: true });
    countsAfterFirst = tableCounts(db);
    secondRun = await seedDatabase(db, { ...admin, demo: true });
  });

  it("seeds once and leaves a seeded database unchanged", () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(secondRun).toEqual({ seeded: false });
    expect(tableCounts(db)).toEqual(countsAfterFirst);
  });

  it("creates the three plans with their prices and credits", () => {
    const rows = db.select().from(plans).orderBy(asc(plans.sortOrder)).all();
    expect(rows.map((p) => [p.name, p.priceCents ?? 0, p.creditsPerMonth, p.status])).toEqual([
      ["Gratuito", 0, 1500, "active"],
      ["Profissional", 4990, 6000, "active"],
      ["Enterprise", 19990, -1, "active"],
    ]);
    for (const plan of rows) {
      expect(plan.features.length).toBeGreaterThanOrEqual(4);
      expect(plan.features.length).toBeLessThanOrEqual(6);
      expect(plan.policies).toBeTruthy();
      expect(plan.description).toBeTruthy();
    }
  });

  it("creates an admin whose password verifies", async () => {
    const row = db.select().from(users).where(eq(users.email, "admin@encaixa.test")).get();
    expect(row).toMatchObject({ role: "admin", name: "Administrador" });
    expect(await verifyPassword(admin.adminPassword, row!.passwordHash)).toBe(true);
    expect(await verifyPassword("outra-senha", row!.passwordHash)).toBe(false);
    expect(
      db.select().from(userPreferences).where(eq(userPreferences.userId, row!.id)).get(),
    ).toBeDefined();
  });

  it("writes the SEO settings row, with a description a results page shows whole", () => {
    const row = db.select().from(seoSettings).get();
    expect(row).toMatchObject({
      id: 1,
      siteName: "Encaixa",
      siteDescription: expect.stringMatching(/^Compatibilidade de peças automotivas/),
      logoInitials: "EN",
      twitterCard: "summary_large_image",
    });
    expect(row!.siteDescription!.length).toBeGreaterThanOrEqual(120);
    expect(row!.siteDescription!.length).toBeLessThanOrEqual(160);
  });

  it("keeps a demo company identity: a CNPJ whose check digits hold, a CEP, a WhatsApp", () => {
    const row = db.select().from(companyIdentity).get();
    expect(row).toMatchObject({ id: 1, ...DEMO_COMPANY });
    expect(isValidCnpj(row!.cnpj!)).toBe(true);
    expect(isCep(row!.postalCode!)).toBe(true);
    expect(isBrazilianPhone(row!.whatsapp!)).toBe(true);
  });

  it("loads a catalogue of a few hundred vehicles and parts", () => {
    expect(countsAfterFirst.vehicles).toBeGreaterThanOrEqual(300);
    expect(countsAfterFirst.vehicles).toBeLessThanOrEqual(500);
    expect(countsAfterFirst.parts).toBeGreaterThanOrEqual(250);
    expect(countsAfterFirst.parts).toBeLessThanOrEqual(400);
    expect(countsAfterFirst.partVehicles).toBeGreaterThanOrEqual(3000);
    expect(countsAfterFirst.partVehicles).toBeLessThanOrEqual(6000);
  });

  it("stores every part code and alternative code normalised", () => {
    for (const part of db
      .select({ code: parts.code, codeNorm: parts.codeNorm })
      .from(parts)
      .all()) {
      expect(part.codeNorm).toBe(normalise(part.code));
    }
    const alternatives = db
      .select({
        code: partAlternativeCodes.alternativeCode,
        norm: partAlternativeCodes.alternativeCodeNorm,
      })
      .from(partAlternativeCodes)
      .all();
    for (const alternative of alternatives)
      expect(alternative.norm).toBe(normalise(alternative.code));
  });

  it("has the codes the demo pages use", () => {
    expect(db.select().from(parts).where(eq(parts.code, "BR123456")).get()).toBeDefined();
    expect(db.select().from(parts).where(eq(parts.codeNorm, "GDB123")).get()).toBeDefined();
    for (const norm of ["TRWBR123", "FL789ALT", "NGKVL345"]) {
      expect(
        db
          .select()
          .from(partAlternativeCodes)
          .where(eq(partAlternativeCodes.alternativeCodeNorm, norm))
          .get(),
      ).toBeDefined();
    }
  });

  it("keeps every fitment pointing at existing rows, with a seed source", () => {
    const orphans = db.get<{ n: number }>(sql`
      select count(*) as n from part_vehicles pv
      left join parts p on p.id = pv.part_id
      left join vehicles v on v.id = pv.vehicle_id
      where p.id is null or v.id is null`);
    expect(orphans.n).toBe(0);
    const orphanAlternatives = db.get<{ n: number }>(sql`
      select count(*) as n from part_alternative_codes a left join parts p on p.id = a.part_id where p.id is null`);
    expect(orphanAlternatives.n).toBe(0);
    expect(
      db.get<{ n: number }>(sql`select count(*) as n from part_vehicles where source is not 'seed'`)
        .n,
    ).toBe(0);
    expect(db.get<{ n: number }>(sql`select count(*) as n from parts_fts`).n).toBe(
      countsAfterFirst.parts,
    );
  });

  it("creates the two demo customers with active subscriptions", async () => {
    const ze = db.select().from(users).where(eq(users.email, "ze@oficina.demo")).get()!;
    const maria = db.select().from(users).where(eq(users.email, "maria@autopecas.demo")).get()!;
    expect(ze).toMatchObject({ role: "user", company: "Oficina do Zé", name: "José Silva" });
    expect(maria).toMatchObject({
      role: "premium_user",
      customerType: "premium",
      name: "Maria Souza",
    });
    expect(await verifyPassword("demo1234", ze.passwordHash)).toBe(true);
    expect(await verifyPassword("demo1234", maria.passwordHash)).toBe(true);

    const planOf = (userId: number) =>
      db
        .select({
          plan: plans.name,
          status: subscriptions.status,
          expiresAt: subscriptions.expiresAt,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .get();
    expect(planOf(ze.id)).toMatchObject({ plan: "Gratuito", status: "active" });
    expect(planOf(maria.id)).toMatchObject({ plan: "Profissional", status: "active" });
    expect(planOf(maria.id)!.expiresAt!.getTime()).toBeGreaterThan(
      Date.now() + 29 * 24 * 60 * 60 * 1000,
    );

    expect(db.select().from(payments).where(eq(payments.userId, maria.id)).get()).toMatchObject({
      status: "approved",
      gateway: "manual",
      amountCents: 4990,
      externalReference: "ENC-SEED-1",
    });
    expect(countsAfterFirst.searches).toBeGreaterThan(0);
    expect(countsAfterFirst.activity).toBeGreaterThan(0);
    expect(countsAfterFirst.userPreferences).toBe(3);
  });
});

describe("seedDatabase without demo data", () => {
  it("creates only the plans, the admin and the SEO settings", async () => {
    const db = freshDatabase("bare");
    expect(await seedDatabase(db, { ...admin, demo: false })).toEqual({ seeded: true });
    expect(tableCounts(db)).toMatchObject({
      plans: 3,
      users: 1,
      seoSettings: 1,
      companyIdentity: 0,
      userPreferences: 1,
      vehicles: 0,
      parts: 0,
      partVehicles: 0,
      subscriptions: 0,
      payments: 0,
      searches: 0,
    });
  });
});
