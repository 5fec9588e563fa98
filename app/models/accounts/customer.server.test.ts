import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, creditLedger, payments, subscriptions, users } from "~db/schema";
import {
  customerCreateSchema,
  changePasswordSchema,
  addCreditsSchema,
  type CustomerCreateInput,
} from "~/schemas/accounts/customer";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createPlan,
  createUser,
  recordSearch,
} from "../../../tests/support/factories";
import {
  addCredits,
  assignCustomerPlan,
  cancelCustomerSubscription,
  changeCustomerPassword,
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from "./customer-admin.server";
import { customerStatistics, getCustomerRow, listCustomers } from "./customer.server";
import { searchStats } from "./credits.server";
import { createSession, findSessionUser } from "./session.server";
import { getUserById, verifyCredentials } from "./user.server";

let adminId: number;

const emailTaken = {
  ok: false,
  reason: "name_taken",
  message: messages.auth.emailTaken,
  field: "email",
};
const customerNotFound = {
  ok: false,
  reason: "not_found",
  message: messages.customersAdmin.notFound,
};

const profile = {
  phone: null,
  company: null,
  customerType: "regular" as const,
  status: "active" as const,
  notes: null,
};
const PASSWORD = "segredo1";

/** The admin's new-customer form: the blank profile, a valid password, and these fields. */
const customerForm = (
  fields: Pick<CustomerCreateInput, "name" | "email"> & Partial<CustomerCreateInput>,
): CustomerCreateInput => ({ ...profile, password: PASSWORD, ...fields });
const addCustomer = async (fields: Parameters<typeof customerForm>[0]) =>
  accepted(await createCustomer(customerForm(fields), adminId));

beforeAll(async () => {
  createFreePlan();
  adminId = (await createUser({ role: "admin", name: "Admin Teste" })).user.id;
});

describe("customer schemas", () => {
  it("use the spec's messages", () => {
    const first = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(
      first(customerCreateSchema.safeParse({ name: "", email: "a@b.co", password: "123456" })),
    ).toBe("Nome e e-mail são obrigatórios");
    expect(
      first(customerCreateSchema.safeParse({ name: "A", email: "sem-arroba", password: "123456" })),
    ).toBe("Por favor, insira um e-mail válido");
    expect(
      first(customerCreateSchema.safeParse({ name: "A", email: "a@b.co", password: "123" })),
    ).toBe("A senha deve ter pelo menos 6 caracteres");
    expect(first(addCreditsSchema.safeParse({ amount: "0" }))).toBe(
      "Informe uma quantidade válida de créditos",
    );
    expect(first(addCreditsSchema.safeParse({ amount: "-3" }))).toBe(
      "Informe uma quantidade válida de créditos",
    );
    expect(first(addCreditsSchema.safeParse({ amount: "2.5" }))).toBe(
      "Informe uma quantidade válida de créditos",
    );
    expect(first(changePasswordSchema.safeParse({}))).toBe("Informe a nova senha");
    expect(
      first(changePasswordSchema.safeParse({ password: "12345", confirmPassword: "12345" })),
    ).toBe("A senha deve ter pelo menos 6 caracteres");
    expect(
      first(changePasswordSchema.safeParse({ password: "123456", confirmPassword: "123457" })),
    ).toBe("As senhas não coincidem");
  });
});

describe("customers management", () => {
  it("creates a customer on the free plan with the admin's profile fields, who can sign in", async () => {
    const created = await addCustomer({
      name: "Oficina Nova",
      email: "nova@oficina.dev",
      company: "Oficina Nova Ltda",
      customerType: "vip",
    });
    expect(created).toMatchObject({
      role: "user",
      company: "Oficina Nova Ltda",
      customerType: "vip",
      status: "active",
    });
    expect((await verifyCredentials("nova@oficina.dev", PASSWORD))?.id).toBe(created.id);
    const row = getCustomerRow(created.id)!;
    expect(row.subscription).toMatchObject({ status: "active", isFree: true });
    expect(row.credits).toMatchObject({
      dailyAllowance: 50,
      remainingSearches: 50,
      creditsBalance: 0,
    });
    expect(row.lastSearchAt).toBeNull();
    expect(
      await createCustomer(customerForm({ name: "X", email: "NOVA@oficina.dev" }), adminId),
    ).toEqual(emailTaken);
  });

  it("lists customers only (no admins), searching name, e-mail and company, filtering status and type", async () => {
    const a = await addCustomer({
      name: "Zeca Filtro",
      email: "zeca@filtro.dev",
      company: "Retífica Bom Jesus",
    });
    const b = await addCustomer({
      name: "Beto Filtro",
      email: "beto@filtro.dev",
      status: "suspended",
      customerType: "premium",
    });
    expect(listCustomers({ q: "filtro" }).items.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(listCustomers({ q: "Bom Jesus" }).items.map((c) => c.id)).toEqual([a.id]);
    expect(listCustomers({ q: "beto@" }).items.map((c) => c.id)).toEqual([b.id]);
    expect(listCustomers({ q: "filtro", status: "suspended" }).items.map((c) => c.id)).toEqual([
      b.id,
    ]);
    expect(listCustomers({ q: "filtro", type: "premium" }).items.map((c) => c.id)).toEqual([b.id]);
    expect(listCustomers({ q: "Admin Teste" }).items).toEqual([]);
    const paged = listCustomers({ q: "filtro", page: 2 }, { perPage: 1 });
    expect(paged).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(paged.items.map((c) => c.id)).toEqual([a.id]);
  });

  it("edits the profile and refuses another account's e-mail", async () => {
    const { user } = await createUser();
    const { user: other } = await createUser();
    const saved = accepted(
      updateCustomer(
        user.id,
        {
          ...profile,
          name: "Nome Novo",
          email: "Novo@Email.dev",
          phone: "(11) 1234-5678",
          status: "inactive",
        },
        adminId,
      ),
    );
    expect(saved).toMatchObject({
      name: "Nome Novo",
      email: "novo@email.dev",
      phone: "(11) 1234-5678",
      status: "inactive",
    });
    expect(updateCustomer(user.id, { ...profile, name: "X", email: other.email }, adminId)).toEqual(
      emailTaken,
    );
    expect(getUserById(user.id)?.name).toBe("Nome Novo");
    expect(updateCustomer(adminId, { ...profile, name: "X", email: "x@y.dev" }, adminId)).toEqual(
      customerNotFound,
    );
    expect(getUserById(adminId)?.name).toBe("Admin Teste");
  });
});

describe("credits", () => {
  it("adds to the balance and writes the ledger with the admin as actor", async () => {
    const { user } = await createUser();
    expect(addCredits({ userId: user.id, amount: 10, actorId: adminId })).toEqual({ balance: 10 });
    expect(addCredits({ userId: user.id, amount: 5, actorId: adminId })).toEqual({ balance: 15 });
    const ledger = db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(ledger.map((l) => [l.delta, l.balanceAfter, l.reason, l.actorId])).toEqual([
      [10, 10, "admin_grant", adminId],
      [5, 15, "admin_grant", adminId],
    ]);
    expect(searchStats(getUserById(user.id)!).remainingSearches).toBe(50 + 15);
    expect(() => addCredits({ userId: user.id, amount: 0, actorId: adminId })).toThrow(RangeError);
    // Only a caller bug sends an admin's id here: a plain error, not a refusal.
    expect(() => addCredits({ userId: adminId, amount: 1, actorId: adminId })).toThrow(
      `user ${adminId} is not a customer`,
    );
    expect(customerStatistics().totalCredits).toBeGreaterThanOrEqual(15);
  });

  it("shows remaining searches of today against the plan allowance, and the last consultation", async () => {
    const { user } = await createUser();
    const now = new Date();
    recordSearch({ userId: user.id, query: "ABC", at: now, charged: true });
    db().update(users).set({ lastSearchAt: now }).where(eq(users.id, user.id)).run();
    const row = getCustomerRow(user.id, now)!;
    expect(row.credits).toMatchObject({ remainingSearches: 49, dailyAllowance: 50 });
    expect(row.lastSearchAt?.getTime()).toBe(now.getTime());
  });
});

describe("plans and subscriptions of a customer", () => {
  it("assigns a paid plan at once with an approved manual invoice, counted in revenue and totals", async () => {
    const before = customerStatistics();
    const plan = createPlan({ name: "Pago Cliente", priceCents: 4990, creditsPerMonth: 3000 });
    const { user } = await createUser();
    accepted(
      assignCustomerPlan({
        userId: user.id,
        planId: plan.id,
        paymentMethod: "bank_transfer",
        actorId: adminId,
      }),
    );
    const row = getCustomerRow(user.id)!;
    expect(row.subscription).toMatchObject({
      planName: "Pago Cliente",
      status: "active",
      paymentMethod: "bank_transfer",
    });
    expect(row.credits.dailyAllowance).toBe(100);
    expect(row.totalSpentCents).toBe(4990);
    const invoice = db().select().from(payments).where(eq(payments.userId, user.id)).get();
    expect(invoice).toMatchObject({ status: "approved", gateway: "manual", amountCents: 4990 });
    const after = customerStatistics();
    expect(after.totalCustomers - before.totalCustomers).toBe(1);
    expect(after.subscribedCustomers - before.subscribedCustomers).toBe(1);
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(4990);
  });

  it("cancels only an active subscription", async () => {
    const { user } = await createUser();
    expect(cancelCustomerSubscription({ userId: user.id, actorId: adminId })).toEqual({
      ok: true,
      value: null,
    });
    expect(
      db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get()?.status,
    ).toBe("cancelled");
    expect(getCustomerRow(user.id)!.subscription?.status).toBe("cancelled");
    expect(cancelCustomerSubscription({ userId: user.id, actorId: adminId })).toEqual({
      ok: false,
      reason: "not_active",
      message: messages.customersAdmin.noActiveSubscription,
    });
  });

  it("refuses plan changes for an account that is not a customer", () => {
    const plan = createPlan({ priceCents: 990 });
    expect(
      assignCustomerPlan({
        userId: adminId,
        planId: plan.id,
        paymentMethod: "pix",
        actorId: adminId,
      }),
    ).toEqual(customerNotFound);
    expect(cancelCustomerSubscription({ userId: adminId, actorId: adminId })).toEqual(
      customerNotFound,
    );
    expect(
      db().select().from(subscriptions).where(eq(subscriptions.userId, adminId)).all(),
    ).toEqual([]);
  });

  it("changes the password and ends every session and API token of the customer", async () => {
    const { user } = await createUser();
    const sessions = [createSession(user.id, "web"), createSession(user.id, "api")];
    const adminSession = createSession(adminId, "web");
    await changeCustomerPassword({ userId: user.id, password: "nova-senha", actorId: adminId });
    expect((await verifyCredentials(user.email, "nova-senha"))?.id).toBe(user.id);
    expect(sessions.map((s) => findSessionUser(s.id).status)).toEqual(["missing", "missing"]);
    expect(findSessionUser(adminSession.id).status).toBe("valid");
  });
});

describe("deleting a customer", () => {
  it("really deletes one without invoices", async () => {
    const { user } = await createUser();
    addCredits({ userId: user.id, amount: 3, actorId: adminId });
    expect(deleteCustomer(user.id, adminId)).toEqual({ outcome: "deleted" });
    expect(getUserById(user.id)).toBeUndefined();
    // Only a caller bug deletes a customer twice: a plain error, not a refusal.
    expect(() => deleteCustomer(user.id, adminId)).toThrow(`user ${user.id} is not a customer`);
  });

  it("deactivates one with invoices, keeping them", async () => {
    const plan = createPlan({ priceCents: 1990 });
    const { user } = await createUser();
    accepted(
      assignCustomerPlan({
        userId: user.id,
        planId: plan.id,
        paymentMethod: "pix",
        actorId: adminId,
      }),
    );
    expect(deleteCustomer(user.id, adminId)).toEqual({ outcome: "deactivated" });
    expect(getUserById(user.id)?.status).toBe("inactive");
    expect(db().select().from(payments).where(eq(payments.userId, user.id)).all()).toHaveLength(1);
    const logged = db()
      .select()
      .from(activity)
      .where(eq(activity.entityId, String(user.id)))
      .all();
    expect(logged.some((a) => a.type === "customer" && a.actorId === adminId)).toBe(true);
  });
});
