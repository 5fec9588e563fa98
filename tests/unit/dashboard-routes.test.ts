import { beforeAll, describe, expect, it } from "vitest";
import { requestStats } from "~db/schema";
import { createSession } from "~/models/accounts/session.server";
import { hourKey } from "~/models/dashboard/request-stats.server";
import * as dashboardPage from "~/routes/dashboard/_app.admin";
import * as healthRoute from "~/routes/dashboard/api.dashboard.health";
import * as metricsRoute from "~/routes/dashboard/api.dashboard.metrics";
import * as revenueRoute from "~/routes/dashboard/api.dashboard.revenue";
import { countResponse } from "~/server/request-counter.server";
import { db } from "~/utils/db.server";
import { saoPauloDay } from "~/utils/format";
import {
  createCategory,
  createInvoiceFor,
  createPart,
  createPlan,
  createUser,
  createVehicle,
  invoke,
  postHeaders,
  recordSearch,
  sessionHeaders,
} from "../support/factories";
import { call, envelope } from "../support/routes";

let adminToken: string;
let admin: Awaited<ReturnType<typeof createUser>>["user"];
let customerToken: string;
let premiumToken: string;

/**
 * A small business built for these tests: 2 customers (one on a paid plan), 3 parts in 2
 * categories, 1 vehicle, 3 searches today and 1 yesterday, one approved invoice this month.
 */
beforeAll(async () => {
  createPlan({ name: "Gratuito", priceCents: 0 });
  const pro = createPlan({ name: "Profissional", priceCents: 4990 });
  admin = (await createUser({ role: "admin", name: "Admin" })).user;
  const ana = (await createUser({ name: "Ana" })).user;
  const bia = (await createUser({ role: "premium_user", name: "Bia" })).user;
  adminToken = createSession(admin.id, "api").id;
  customerToken = createSession(ana.id, "api").id;
  premiumToken = createSession(bia.id, "api").id;
  const { subscriptions } = await import("~db/schema");
  const { eq } = await import("drizzle-orm");
  db().update(subscriptions).set({ planId: pro.id }).where(eq(subscriptions.userId, bia.id)).run();
  createInvoiceFor(bia.id, { amountCents: 4990, paidAt: new Date() });

  const brakes = createCategory("Freios Painel");
  const filters = createCategory("Filtros Painel");
  const pads = createPart({ code: "PN-1", name: "Pastilha", categoryId: brakes.id });
  createPart({ code: "PN-2", name: "Disco", categoryId: brakes.id });
  createPart({ code: "PN-3", name: "Filtro", categoryId: filters.id });
  createVehicle();

  const now = new Date();
  for (const userId of [ana.id, ana.id, bia.id])
    recordSearch({ userId, query: "PN-1", partId: pads.id, at: now });
  const yesterday = new Date(now.getTime() - 24 * 3_600_000);
  if (saoPauloDay(yesterday) !== saoPauloDay(now))
    recordSearch({ userId: ana.id, query: "PN-1", partId: pads.id, at: yesterday });

  db()
    .insert(requestStats)
    .values({ hour: hourKey(new Date(now.getTime() - 3_600_000)), requests: 200, serverErrors: 1 })
    .run();
});

describe("GET /api/dashboard/metrics", () => {
  it("answers every group of the spec with the figures of this database", async () => {
    // One answer this process gave and has not written yet: the endpoint flushes it first.
    countResponse(500);
    const body = await envelope(
      await call(metricsRoute.loader, "/api/dashboard/metrics", { token: adminToken }),
    );
    expect(body.success).toBe(true);
    const data = body.data;
    expect(Object.keys(data).sort()).toEqual([
      "activity",
      "category_stats",
      "inventory",
      "plans",
      "subscription_breakdown",
      "system",
      "users",
      "vehicles",
    ]);
    expect(data.users).toEqual({ total: 2, active: 2, new_this_month: 2, with_subscriptions: 1 });
    expect(data.plans).toEqual({ total: 2, active: 2, revenue: 49.9, subscribers: 1 });
    expect(data.activity).toMatchObject({
      searches_today: 3,
      unique_users_today: 2,
      // (1 + 1) ÷ (200 + 1): without the flush it would read 0.5.
      error_rate: 1,
      avg_response_time: 0,
    });
    expect(data.inventory).toEqual({
      total_parts: 3,
      parts_with_ml_link: 0,
      ml_link_percentage: 0,
      parts_with_direct_ml_link: 0,
    });
    expect(data.vehicles).toEqual({ total_vehicles: 1 });
    expect(data.category_stats).toEqual([
      { category_name: "Freios Painel", parts_count: 2 },
      { category_name: "Filtros Painel", parts_count: 1 },
    ]);
    expect(data.subscription_breakdown).toEqual([
      {
        plan_id: expect.any(Number),
        plan_name: "Profissional",
        subscribers: 1,
        revenue: 49.9,
        price: 49.9,
      },
      { plan_id: expect.any(Number), plan_name: "Gratuito", subscribers: 1, revenue: 0, price: 0 },
    ]);
    expect(data.system.database_status).toBe("healthy");
    expect(data.system.uptime).toBeGreaterThanOrEqual(0);
    for (const key of ["cpu_usage", "memory_usage", "disk_usage"]) {
      expect(data.system[key]).toBeGreaterThanOrEqual(0);
      expect(data.system[key]).toBeLessThanOrEqual(100);
    }
  });

  it("is for admins only: 401 without a token, 403 for customers and premium users", async () => {
    expect((await call(metricsRoute.loader, "/api/dashboard/metrics")).status).toBe(401);
    for (const token of [customerToken, premiumToken]) {
      const response = await call(metricsRoute.loader, "/api/dashboard/metrics", { token });
      expect(response.status).toBe(403);
      expect((await envelope(response)).success).toBe(false);
    }
  });

  it("serves GET only", async () => {
    const response = await call(metricsRoute.action, "/api/dashboard/metrics", {
      method: "POST",
      token: adminToken,
      json: {},
    });
    expect(response.status).toBe(405);
  });
});

describe("GET /api/dashboard/revenue", () => {
  it("one row per month, oldest first, this month's approved invoice last", async () => {
    const body = await envelope(
      await call(revenueRoute.loader, "/api/dashboard/revenue?months=3", { token: adminToken }),
    );
    expect(body.data).toHaveLength(3);
    expect(body.data[2]).toEqual({ month: saoPauloDay().slice(0, 7), revenue: 49.9, payments: 1 });
    expect(body.data[0]).toMatchObject({ revenue: 0, payments: 0 });
    const twelve = await envelope(
      await call(revenueRoute.loader, "/api/dashboard/revenue", { token: adminToken }),
    );
    expect(twelve.data).toHaveLength(12);
  });

  it.each(["0", "37", "abc", "1.5", "-2"])("months=%s is a 400 in pt-BR", async (months) => {
    const response = await call(revenueRoute.loader, `/api/dashboard/revenue?months=${months}`, {
      token: adminToken,
    });
    expect(response.status).toBe(400);
    const body = await envelope(response);
    expect(body.message).toBe("O número de meses deve ser um inteiro entre 1 e 36");
    expect(body.errors?.months).toBeDefined();
  });

  it("is for admins only", async () => {
    const response = await call(revenueRoute.loader, "/api/dashboard/revenue", {
      token: premiumToken,
    });
    expect(response.status).toBe(403);
  });
});

describe("GET /api/dashboard/health", () => {
  it("checks the database, the queue, the job runner and the disk", async () => {
    const body = await envelope(
      await call(healthRoute.loader, "/api/dashboard/health", { token: adminToken }),
    );
    expect(body.data.checks.map((c: { name: string }) => c.name)).toEqual([
      "database",
      "queue",
      "jobs",
      "disk",
      "mail",
    ]);
    const database = body.data.checks[0];
    expect(database.status).toBe("success");
    expect(database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.data.checks[1]).toMatchObject({
      status: "success",
      message: "Sem Redis configurado: as tarefas rodam no próprio servidor",
    });
    expect(["healthy", "warning", "error"]).toContain(body.data.status);
  });

  it("is for admins only", async () => {
    expect((await call(healthRoute.loader, "/api/dashboard/health")).status).toBe(401);
    const response = await call(healthRoute.loader, "/api/dashboard/health", {
      token: customerToken,
    });
    expect(response.status).toBe(403);
  });
});

describe("/admin (Painel Administrativo)", () => {
  const page = async (query: string) => {
    const response = await invoke(dashboardPage.loader, `/admin?${query}`, {
      headers: await sessionHeaders(admin, "web"),
    });
    return (await response.json()) as Awaited<ReturnType<typeof dashboardPage.loader>>;
  };

  it("reads only the open tab's figures, Visão Geral by default", async () => {
    const overview = await page("");
    expect(overview.view.tab).toBe("geral");
    expect(overview.period).toBe("7d");
    expect(overview.payment).toBeNull();
    if (overview.view.tab !== "geral") throw new Error("tab");
    expect(overview.view.overview.users.total).toBe(2);
    expect(overview.view.overview.plans.revenueCents).toBe(4990);
    expect(overview.view.overview.activity.searchesToday).toBe(3);
  });

  it("Analytics follows the period: days, or hours for 24h, and revenue months", async () => {
    for (const [period, points] of [
      ["24h", 24],
      ["7d", 7],
      ["30d", 30],
      ["90d", 90],
    ] as const) {
      const data = await page(`tab=analytics&period=${period}`);
      if (data.view.tab !== "analytics") throw new Error("tab");
      expect(data.period).toBe(period);
      expect(data.view.analytics.searchesSeries).toHaveLength(points);
      expect(data.view.analytics.searchesSeries.at(-1)!.value).toBeGreaterThanOrEqual(
        period === "24h" ? 0 : 3,
      );
      expect(data.view.analytics.revenueSeries.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("an unknown tab, period or payment falls back instead of failing", async () => {
    const data = await page("tab=nada&period=5y&payment=talvez");
    expect(data.view.tab).toBe("geral");
    expect(data.period).toBe("7d");
    expect(data.payment).toBeNull();
  });

  it("?payment= carries the checkout's result to the page", async () => {
    for (const result of ["success", "failure", "pending"] as const)
      expect((await page(`payment=${result}`)).payment).toBe(result);
  });

  it("Sistema: checks, readings and the error rate of the last 24 hours", async () => {
    const data = await page("tab=sistema");
    if (data.view.tab !== "sistema") throw new Error("tab");
    expect(data.view.system.health.checks).toHaveLength(5);
    expect(data.view.system.requestsLast24h).toBeGreaterThanOrEqual(200);
    expect(data.view.system.resources.cores).toBeGreaterThan(0);
  });

  it("Atividade lists at most 15 items, newest first", async () => {
    const data = await page("tab=atividade");
    if (data.view.tab !== "atividade") throw new Error("tab");
    expect(data.view.activity.length).toBeLessThanOrEqual(15);
    expect(data.view.activity[0]).toMatchObject({ type: "search", user: "Bia" });
  });

  it("customers are sent to /home, visitors to /login", async () => {
    const { user } = await createUser();
    const asCustomer = await invoke(dashboardPage.loader, "/admin", {
      headers: await sessionHeaders(user, "web"),
    });
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toBe("/home");
    const anonymous = await invoke(dashboardPage.loader, "/admin");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });

  it("a post without a known intent is a 400 that changes nothing", async () => {
    const response = await invoke(dashboardPage.action, "/admin", {
      method: "POST",
      body: new URLSearchParams({ intent: "apagar-tudo" }).toString(),
      headers: await postHeaders(admin),
    });
    expect(response.status).toBe(400);
  });

  it("a post that is not a form is a 415", async () => {
    const response = await invoke(dashboardPage.action, "/admin", {
      method: "POST",
      body: JSON.stringify({ intent: "seo" }),
      headers: await postHeaders(admin, "application/json"),
    });
    expect(response.status).toBe(415);
  });
});
