import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditLedger, users } from "~db/schema";
import * as customerAssignPlan from "~/routes/accounts/api.customers.$id.assign-plan";
import * as customerCancel from "~/routes/accounts/api.customers.$id.cancel-subscription";
import * as customerPassword from "~/routes/accounts/api.customers.$id.change-password";
import * as profile from "~/routes/accounts/api.auth.profile";
import * as customerCredits from "~/routes/accounts/api.customers.$id.update-credits";
import * as customerById from "~/routes/accounts/api.customers.$id";
import * as customersIndex from "~/routes/accounts/api.customers._index";
import * as customerStats from "~/routes/accounts/api.customers.statistics";
import * as planById from "~/routes/payments/api.plans.$id";
import * as planCustomers from "~/routes/payments/api.plans.$id.customers";
import * as plansIndex from "~/routes/payments/api.plans._index";
import * as planStats from "~/routes/payments/api.plans.statistics";
import { createSession } from "~/models/accounts/session.server";
import { verifyCredentials } from "~/models/accounts/user.server";
import { db } from "~/utils/db.server";
import { createFreePlan, createPlan, createUser } from "../support/factories";
import { call, envelope } from "../support/routes";

let adminToken: string;
let adminId: number;
let userToken: string;
let premiumToken: string;
let customerId: number;

beforeAll(async () => {
  createFreePlan();
  const admin = await createUser({ role: "admin" });
  adminId = admin.user.id;
  adminToken = createSession(adminId, "api").id;
  const customer = await createUser({ name: "Cliente Comum" });
  customerId = customer.user.id;
  userToken = createSession(customerId, "api").id;
  premiumToken = createSession((await createUser({ role: "premium_user" })).user.id, "api").id;
});

type Handler = Parameters<typeof call>[0];
const endpoints: [string, string, Handler, Record<string, string>][] = [
  ["GET", "/api/plans", plansIndex.loader, {}],
  ["POST", "/api/plans", plansIndex.action, {}],
  ["GET", "/api/plans/statistics", planStats.loader, {}],
  ["GET", "/api/plans/1", planById.loader, { id: "1" }],
  ["PUT", "/api/plans/1", planById.action, { id: "1" }],
  ["DELETE", "/api/plans/1", planById.action, { id: "1" }],
  ["GET", "/api/plans/1/customers", planCustomers.loader, { id: "1" }],
  ["GET", "/api/customers", customersIndex.loader, {}],
  ["POST", "/api/customers", customersIndex.action, {}],
  ["GET", "/api/customers/statistics", customerStats.loader, {}],
  ["GET", "/api/customers/1", customerById.loader, { id: "1" }],
  ["PUT", "/api/customers/1", customerById.action, { id: "1" }],
  ["DELETE", "/api/customers/1", customerById.action, { id: "1" }],
  ["POST", "/api/customers/1/assign-plan", customerAssignPlan.action, { id: "1" }],
  ["POST", "/api/customers/1/cancel-subscription", customerCancel.action, { id: "1" }],
  ["POST", "/api/customers/1/update-credits", customerCredits.action, { id: "1" }],
  ["POST", "/api/customers/1/change-password", customerPassword.action, { id: "1" }],
];

describe("admin only", () => {
  it.each(endpoints)(
    "%s %s answers 403 to customers and 401 to anonymous callers",
    async (method, path, handler, params) => {
      for (const token of [userToken, premiumToken]) {
        const response = await call(handler, path, {
          method,
          token,
          params,
          json: method === "GET" ? undefined : { name: "x" },
        });
        expect(response.status).toBe(403);
        expect(await envelope(response)).toMatchObject({
          success: false,
          message: "Você não tem permissão para acessar este recurso.",
        });
      }
      const anonymous = await call(handler, path, { method, params });
      expect(anonymous.status).toBe(401);
    },
  );
});

describe("/api/plans", () => {
  it("creates a plan with the price in reais and lists it with q and status", async () => {
    const created = await call(plansIndex.action, "/api/plans", {
      method: "POST",
      token: adminToken,
      json: {
        name: "API Oficina",
        description: "Para oficinas",
        credits_per_month: 3000,
        price: 49.9,
        features: ["Busca", "Suporte"],
      },
    });
    expect(created.status).toBe(201);
    const body = await envelope(created);
    expect(body).toMatchObject({ success: true, message: "Plano criado com sucesso" });
    expect(body.data).toMatchObject({
      name: "API Oficina",
      price: 49.9,
      credits_per_month: 3000,
      status: "active",
      features: ["Busca", "Suporte"],
      customers_count: 0,
      monthly_revenue: 0,
    });

    const listed = await envelope(
      await call(plansIndex.loader, "/api/plans?q=oficinas&status=active", { token: adminToken }),
    );
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([body.data.id]);
    const inactive = await envelope(
      await call(plansIndex.loader, "/api/plans?q=oficinas&status=inactive", { token: adminToken }),
    );
    expect(inactive.data).toEqual([]);

    const one = await call(planById.loader, `/api/plans/${body.data.id}`, {
      token: adminToken,
      params: { id: String(body.data.id) },
    });
    expect((await envelope(one)).data.name).toBe("API Oficina");
  });

  it("validates with the spec's messages and never answers 500 on bad input", async () => {
    const cases: [unknown, string][] = [
      [{ credits_per_month: 100 }, "Nome e quantidade de créditos são obrigatórios"],
      [
        { name: "Sem créditos", credits_per_month: 0 },
        "Nome e quantidade de créditos são obrigatórios",
      ],
      [
        { name: "Preço negativo", credits_per_month: 30, price: -1 },
        "Informe um preço válido: maior ou igual a 0, com até duas casas decimais",
      ],
      [
        { name: "Status", credits_per_month: 30, status: "talvez" },
        "Situação inválida: use active ou inactive",
      ],
      [[1, 2], "Nome e quantidade de créditos são obrigatórios"],
    ];
    for (const [json, message] of cases) {
      const response = await call(plansIndex.action, "/api/plans", {
        method: "POST",
        token: adminToken,
        json,
      });
      expect(response.status).toBe(400);
      expect((await envelope(response)).message).toBe(message);
    }
    const broken = await call(plansIndex.action, "/api/plans", {
      method: "POST",
      token: adminToken,
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    const unlimited = await call(plansIndex.action, "/api/plans", {
      method: "POST",
      token: adminToken,
      json: { name: "Ilimitado API", credits_per_month: -1, price: 0 },
    });
    expect(unlimited.status).toBe(201);
    const duplicate = await call(plansIndex.action, "/api/plans", {
      method: "POST",
      token: adminToken,
      json: { name: "ilimitado api", credits_per_month: 30 },
    });
    expect(duplicate.status).toBe(400);
    expect((await envelope(duplicate)).errors?.name).toEqual(["Já existe um plano com este nome"]);
  });

  it("updates only the fields given, and answers 404 for unknown ids", async () => {
    const plan = createPlan({
      name: "Parcial",
      priceCents: 1990,
      creditsPerMonth: 900,
      policies: "Sem fidelidade",
    });
    const params = { id: String(plan.id) };
    const response = await call(planById.action, `/api/plans/${plan.id}`, {
      method: "PUT",
      token: adminToken,
      params,
      json: { price: 29.9, status: "inactive" },
    });
    expect(response.status).toBe(200);
    expect((await envelope(response)).data).toMatchObject({
      name: "Parcial",
      price: 29.9,
      credits_per_month: 900,
      status: "inactive",
      policies: "Sem fidelidade",
    });
    for (const id of ["999999", "abc"]) {
      const missing = await call(planById.loader, `/api/plans/${id}`, {
        token: adminToken,
        params: { id },
      });
      expect(missing.status).toBe(404);
      expect((await envelope(missing)).message).toBe("Plano não encontrado");
    }
  });

  it("refuses to delete a plan with subscribers, deletes an unused one, and reports statistics and customers", async () => {
    const plan = createPlan({ name: "Com assinantes", priceCents: 4990 });
    const params = { id: String(plan.id) };
    await call(customerAssignPlan.action, `/api/customers/${customerId}/assign-plan`, {
      method: "POST",
      token: adminToken,
      params: { id: String(customerId) },
      json: { plan_id: plan.id, payment_method: "pix" },
    });
    const customers = await envelope(
      await call(planCustomers.loader, `/api/plans/${plan.id}/customers`, {
        token: adminToken,
        params,
      }),
    );
    expect(customers.data).toEqual([
      expect.objectContaining({ id: customerId, payment_method: "pix" }),
    ]);
    const stats = await envelope(
      await call(planStats.loader, "/api/plans/statistics", { token: adminToken }),
    );
    expect(stats.data).toMatchObject({
      total_plans: expect.any(Number),
      active_plans: expect.any(Number),
      total_customers: expect.any(Number),
    });
    expect(stats.data.monthly_revenue).toBeGreaterThanOrEqual(49.9);

    const refused = await call(planById.action, `/api/plans/${plan.id}`, {
      method: "DELETE",
      token: adminToken,
      params,
    });
    expect(refused.status).toBe(409);
    expect((await envelope(refused)).message).toBe(
      "Não é possível excluir: 1 cliente assina este plano.",
    );

    const unused = createPlan();
    const deleted = await call(planById.action, `/api/plans/${unused.id}`, {
      method: "DELETE",
      token: adminToken,
      params: { id: String(unused.id) },
    });
    expect(await envelope(deleted)).toMatchObject({
      success: true,
      message: "Plano excluído com sucesso",
    });
  });
});

describe("/api/customers", () => {
  it("creates, reads, filters by role (classification) and updates a customer", async () => {
    const created = await call(customersIndex.action, "/api/customers", {
      method: "POST",
      token: adminToken,
      json: {
        name: "Auto Elétrica",
        email: "Eletrica@API.dev",
        phone: "(21) 99999-0000",
        company: "Elétrica Ltda",
        role: "vip",
        password: "segredo1",
      },
    });
    expect(created.status).toBe(201);
    const body = await envelope(created);
    expect(body.message).toBe("Cliente criado com sucesso");
    expect(body.data).toMatchObject({
      email: "eletrica@api.dev",
      role: "vip",
      customer_type: "vip",
      account_role: "user",
      status: "active",
      credits_balance: 0,
      last_consultation_date: null,
    });
    expect(body.data.subscription).toMatchObject({ status: "active" });
    const id = String(body.data.id);

    const list = await call(customersIndex.loader, "/api/customers?q=el%C3%A9trica&role=vip", {
      token: adminToken,
    });
    expect((await envelope(list)).data.map((c: { id: number }) => c.id)).toEqual([body.data.id]);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const regular = await envelope(
      await call(customersIndex.loader, "/api/customers?q=Comum&role=customer", {
        token: adminToken,
      }),
    );
    expect(regular.data.map((c: { id: number }) => c.id)).toEqual([customerId]);

    const updated = await call(customerById.action, `/api/customers/${id}`, {
      method: "PUT",
      token: adminToken,
      params: { id },
      json: { status: "suspended", role: "customer" },
    });
    expect((await envelope(updated)).data).toMatchObject({
      name: "Auto Elétrica",
      status: "suspended",
      role: "customer",
      customer_type: "regular",
    });

    const bad = await call(customerById.action, `/api/customers/${id}`, {
      method: "PUT",
      token: adminToken,
      params: { id },
      json: { email: "nada" },
    });
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).message).toBe("Por favor, insira um e-mail válido");
    const missing = await call(customersIndex.action, "/api/customers", {
      method: "POST",
      token: adminToken,
      json: { email: "x@y.dev", password: "segredo1" },
    });
    expect((await envelope(missing)).message).toBe("Nome e e-mail são obrigatórios");
  });

  it("does not manage admins: their ids are 404", async () => {
    const response = await call(customerById.loader, `/api/customers/${adminId}`, {
      token: adminToken,
      params: { id: String(adminId) },
    });
    expect(response.status).toBe(404);
    expect((await envelope(response)).message).toBe("Cliente não encontrado");
  });

  it("adds credits (credits_balance is the amount to add), assigns and cancels a plan, changes the password", async () => {
    const { user, password } = await createUser();
    const params = { id: String(user.id) };
    const credits = (json: unknown) =>
      call(customerCredits.action, `/api/customers/${user.id}/update-credits`, {
        method: "POST",
        token: adminToken,
        params,
        json,
      });
    expect((await envelope(await credits({ credits_balance: 10 }))).data.credits_balance).toBe(10);
    const second = await envelope(await credits({ credits_balance: 5 }));
    expect(second).toMatchObject({ message: "Créditos atualizados com sucesso" });
    expect(second.data.credits_balance).toBe(15);
    const ledger = db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(ledger.map((l) => l.actorId)).toEqual([adminId, adminId]);
    for (const json of [
      { credits_balance: 0 },
      { credits_balance: -2 },
      { credits_balance: "abc" },
      {},
    ]) {
      const refused = await credits(json);
      expect(refused.status).toBe(400);
      expect((await envelope(refused)).message).toBe("Informe uma quantidade válida de créditos");
    }

    const assign = (json: unknown) =>
      call(customerAssignPlan.action, `/api/customers/${user.id}/assign-plan`, {
        method: "POST",
        token: adminToken,
        params,
        json,
      });
    expect((await envelope(await assign({}))).message).toBe("Selecione um plano");
    const inactive = createPlan({ status: "inactive" });
    expect((await envelope(await assign({ plan_id: inactive.id }))).message).toBe(
      "Só planos ativos podem ser atribuídos",
    );
    expect((await envelope(await assign({ plan_id: 999999 }))).message).toBe(
      "Plano não encontrado",
    );
    expect(
      (await envelope(await assign({ plan_id: inactive.id, payment_method: "boleto" }))).message,
    ).toMatch(/^Forma de pagamento inválida/);
    const paid = createPlan({ name: "Pago via API", priceCents: 9990, creditsPerMonth: 6000 });
    const assigned = await envelope(await assign({ plan_id: paid.id }));
    expect(assigned.message).toBe("Plano atribuído com sucesso");
    expect(assigned.data).toMatchObject({
      account_role: "premium_user",
      total_spent: 99.9,
      daily_allowance: 200,
    });
    expect(assigned.data.subscription).toMatchObject({
      plan_name: "Pago via API",
      status: "active",
      payment_method: "credit_card",
    });

    const cancel = () =>
      call(customerCancel.action, `/api/customers/${user.id}/cancel-subscription`, {
        method: "POST",
        token: adminToken,
        params,
      });
    const cancelled = await envelope(await cancel());
    expect(cancelled.message).toBe("Assinatura cancelada com sucesso");
    expect(cancelled.data.subscription.status).toBe("cancelled");
    const again = await cancel();
    expect(again.status).toBe(409);

    const change = (json: unknown) =>
      call(customerPassword.action, `/api/customers/${user.id}/change-password`, {
        method: "POST",
        token: adminToken,
        params,
        json,
      });
    expect((await envelope(await change({}))).message).toBe("Informe a nova senha");
    expect((await envelope(await change({ password: "123" }))).message).toBe(
      "A senha deve ter pelo menos 6 caracteres",
    );
    expect((await envelope(await change({ password: "nova-senha-1" }))).message).toBe(
      "Senha alterada com sucesso",
    );
    expect(await verifyCredentials(user.email, password)).toBeNull();
    expect((await verifyCredentials(user.email, "nova-senha-1"))?.id).toBe(user.id);

    const stats = await envelope(
      await call(customerStats.loader, "/api/customers/statistics", { token: adminToken }),
    );
    expect(stats.data).toMatchObject({
      total_customers: expect.any(Number),
      active_customers: expect.any(Number),
      subscribed_customers: expect.any(Number),
    });
    expect(stats.data.total_credits).toBeGreaterThanOrEqual(15);
    expect(stats.data.total_revenue).toBeGreaterThanOrEqual(99.9);

    // With an invoice the customer is deactivated, not erased.
    const removed = await call(customerById.action, `/api/customers/${user.id}`, {
      method: "DELETE",
      token: adminToken,
      params,
    });
    expect(await envelope(removed)).toMatchObject({
      success: true,
      message: "O cliente tem faturas e foi desativado em vez de excluído.",
    });
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.status).toBe("inactive");
  });

  it("revokes every session and token of the customer on a password reset", async () => {
    const { user } = await createUser();
    const tokens = [createSession(user.id, "api").id, createSession(user.id, "api").id];
    const reset = await call(customerPassword.action, `/api/customers/${user.id}/change-password`, {
      method: "POST",
      token: adminToken,
      params: { id: String(user.id) },
      json: { password: "senha-do-admin" },
    });
    expect(reset.status).toBe(200);
    for (const token of tokens) {
      const response = await call(profile.loader, "/api/auth/profile", { token });
      expect(response.status).toBe(401);
    }
    expect((await call(profile.loader, "/api/auth/profile", { token: adminToken })).status).toBe(
      200,
    );
  });

  it("really deletes a customer without invoices", async () => {
    const { user } = await createUser();
    const response = await call(customerById.action, `/api/customers/${user.id}`, {
      method: "DELETE",
      token: adminToken,
      params: { id: String(user.id) },
    });
    expect(await envelope(response)).toMatchObject({
      success: true,
      message: "Cliente excluído com sucesso",
    });
    expect(db().select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
  });
});
