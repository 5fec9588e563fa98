import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import type { User } from "~/models/accounts/user.server";
import { createBrand, getBrand } from "~/models/catalogue/index.server";
import { backHrefFor } from "~/components/route-error";
import * as newBrand from "~/routes/catalogue/_app.vehicles_.brands.new";
import * as editBrand from "~/routes/catalogue/_app.vehicles_.brands.$id.edit";
import * as deleteBrandRoute from "~/routes/catalogue/_app.vehicles_.brands.$id.delete";
import * as dashboard from "~/routes/dashboard/_app.admin";
import * as deletePartRoute from "~/routes/catalogue/_app.parts.$id.delete";
import * as creditsRoute from "~/routes/accounts/_app.customers.$id.credits";
import * as planChange from "~/routes/accounts/_app.settings.plano.$planId";
import { db } from "~/utils/db.server";
import {
  createPart,
  createPlan,
  createUser,
  createVehicle,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { loadRouteModule, productionHandler, routeManifest } from "../support/route-manifest";

/**
 * ADR 0062: every signed-in screen's thrown 404/403/500 shows inside the app's shell, and the
 * spec's failure texts show where those failures happen. Failures are real: the database itself
 * refuses (a trigger that aborts the write, a table moved away for one request), nothing of ours
 * is mocked.
 */

const r = messages.routeErrors;
const f = messages.failures;

let admin: User;
let customer: User;

beforeAll(async () => {
  admin = (await createUser({ role: "admin", name: "Admin Erros" })).user;
  customer = (await createUser({ name: "Cliente Erros" })).user;
});

/** Runs `work` with `table` renamed away (every query on it fails), then puts it back. */
async function withoutTable<T>(table: string, work: () => Promise<T>): Promise<T> {
  const sqlite = db().$client;
  sqlite.exec(`ALTER TABLE "${table}" RENAME TO "${table}_away"`);
  try {
    return await work();
  } finally {
    sqlite.exec(`ALTER TABLE "${table}_away" RENAME TO "${table}"`);
  }
}

/** Runs `work` while the database aborts every `event` (INSERT, UPDATE, DELETE) on `table`. */
async function withAbortingTrigger<T>(
  table: string,
  event: "INSERT" | "UPDATE" | "DELETE",
  work: () => Promise<T>,
): Promise<T> {
  const sqlite = db().$client;
  const name = `abort_${table}_${event.toLowerCase()}`;
  sqlite.exec(
    `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" BEGIN SELECT RAISE(ABORT, 'recusado pelo teste'); END`,
  );
  try {
    return await work();
  } finally {
    sqlite.exec(`DROP TRIGGER ${name}`);
  }
}

/** The server's log of an expected failure, kept out of the test output and checked. */
async function quietly<T>(work: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    return { result: await work(), logged };
  } finally {
    console.error = original;
  }
}

describe("every signed-in screen has an error boundary inside the shell", () => {
  it("the _app layout exports one, and every _app.* screen sits under that layout", async () => {
    const manifest = await routeManifest();
    const layout = manifest.find((route) => route.id === "routes/_app");
    expect(layout).toBeDefined();
    expect((await loadRouteModule(layout!.file)).ErrorBoundary).toBeTypeOf("function");
    const parentOf = new Map(manifest.map((route) => [route.id, route.parentId]));
    const screens = manifest.filter(
      (route) => route.id !== "routes/_app" && /(^|\/)_app\./.test(route.file),
    );
    expect(screens.length).toBeGreaterThan(40);
    const outside = screens.filter((screen) => {
      let id: string | undefined = screen.parentId;
      while (id && id !== "routes/_app") id = parentOf.get(id);
      return id !== "routes/_app";
    });
    // A new screen named _app.* is under the layout by its name: its errors stay in the shell.
    expect(outside.map((route) => route.file)).toEqual([]);
  });

  it("leads back to the list an address sits under, or to the start page", () => {
    expect(backHrefFor("/vehicles/999999")).toBe("/vehicles");
    expect(backHrefFor("/customers/3/edit")).toBe("/customers");
    expect(backHrefFor("/admin")).toBe("/home");
    expect(backHrefFor("/")).toBe("/home");
  });
});

describe("the rendered 404 and 500, inside the shell", () => {
  let handle: Awaited<ReturnType<typeof productionHandler>>;
  beforeAll(async () => {
    handle = await productionHandler({
      routes: new Set([
        "routes/_app",
        "routes/_app.vehicles_.$id",
        "routes/_app.invoices",
        "routes/_app.invoices.$id.pix",
      ]),
      onError: () => {},
    });
  });
  const page = async (url: string, user: User) => {
    const response = await handle(
      new Request(`http://localhost${url}`, {
        headers: { Host: "localhost", ...(await sessionHeaders(user, "web")) },
      }),
    );
    return { status: response.status, html: await response.text() };
  };
  const navigation = `aria-label="${messages.nav.mainNavigation}"`;

  it("a missing vehicle: 'Veículo não encontrado', 404, the menu and a way back to /vehicles", async () => {
    for (const url of ["/vehicles/999999", "/vehicles/abc", "/vehicles/1e3"]) {
      const { status, html } = await page(url, admin);
      expect(status, url).toBe(404);
      expect(html).toContain(messages.catalogue.vehicleNotFound);
      expect(html).toContain(navigation);
      expect(html).toContain('href="/vehicles"');
      expect(html).toContain(r.back);
      expect(html.match(/<main\b/g)).toHaveLength(1);
    }
  });

  it("a customer's missing invoice: its own text inside the shell, 404", async () => {
    const { status, html } = await page("/invoices/999999/pix", customer);
    expect(status).toBe(404);
    expect(html).toContain(messages.payments.invoiceNotFound);
    expect(html).toContain(navigation);
  });

  it("a screen whose reading fails: the pt-BR error with a retry, 500, the menu still there", async () => {
    const vehicle = createVehicle({ model: "Erro500" });
    const { status, html } = await withoutTable("vehicles", () =>
      page(`/vehicles/${vehicle.id}`, admin),
    );
    expect(status).toBe(500);
    expect(html).toContain(messages.error.title);
    expect(html).toContain(messages.error.retry);
    expect(html).toContain(navigation);
    // And the same page answers again once the database does.
    expect((await page(`/vehicles/${vehicle.id}`, admin)).status).toBe(200);
  });
});

describe("the spec's failure texts, where the failures happen", () => {
  const post = async (
    route: { action: (...args: never[]) => unknown },
    url: string,
    body: string,
    params: Record<string, string> = {},
  ) =>
    invoke(route.action as Parameters<typeof invoke>[0], url, {
      method: "POST",
      body,
      params,
      headers: await postHeaders(admin),
    });

  it("a brand the database refuses to save: 'Erro ao salvar marca' on the form, the name kept, 500", async () => {
    const { result, logged } = await quietly(() =>
      withAbortingTrigger("brands", "INSERT", () =>
        post(newBrand, "/vehicles/brands/new", "name=Marca+Recusada"),
      ),
    );
    expect(result.status).toBe(500);
    const reply = (await result.json()) as {
      error: Record<string, string[]>;
      initialValue: Record<string, string>;
    };
    expect(reply.error[""]).toEqual([f.brandSave]);
    expect(reply.initialValue.name).toBe("Marca Recusada");
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![1])).toContain("recusado pelo teste");
    // Without the trigger the same form saves.
    const saved = await post(newBrand, "/vehicles/brands/new", "name=Marca+Recusada");
    expect(saved.status).toBe(302);
  });

  it("a brand rename the database refuses: 'Erro ao salvar marca', the old name kept", async () => {
    const brand = createBrand({ name: "Marca Antiga" }, admin.id);
    if (!brand.ok) throw new Error(brand.message);
    const id = String(brand.value.id);
    const { result } = await quietly(() =>
      withAbortingTrigger("brands", "UPDATE", () =>
        post(editBrand, `/vehicles/brands/${id}/edit`, "name=Marca+Nova", { id }),
      ),
    );
    expect(result.status).toBe(500);
    const reply = (await result.json()) as { error: Record<string, string[]> };
    expect(reply.error[""]).toEqual([f.brandSave]);
    expect(getBrand(brand.value.id)?.name).toBe("Marca Antiga");
  });

  it("a brand delete the database refuses: 'Erro ao excluir marca' in the dialog, the brand kept", async () => {
    const brand = createBrand({ name: "Marca Presa" }, admin.id);
    if (!brand.ok) throw new Error(brand.message);
    const id = String(brand.value.id);
    const { result, logged } = await quietly(() =>
      withAbortingTrigger("brands", "DELETE", () =>
        post(deleteBrandRoute, `/vehicles/brands/${id}/delete`, "", { id }),
      ),
    );
    expect(result.status).toBe(500);
    expect(await result.json()).toEqual({ error: f.brandDelete });
    expect(logged).toHaveLength(1);
    expect(getBrand(brand.value.id)).toBeDefined();
    const deleted = await post(deleteBrandRoute, `/vehicles/brands/${id}/delete`, "", { id });
    expect(deleted.status).toBe(302);
    expect((await toastOf(deleted))?.message).toBe(messages.catalogue.brandDeleted);
  });

  const dashboardTab = async (tab: string) => {
    const response = await invoke(dashboard.loader, `/admin?tab=${tab}`, {
      headers: await sessionHeaders(admin, "web"),
    });
    return { status: response.status, data: (await response.json()) as Record<string, unknown> };
  };

  it("a dashboard tab whose figures cannot be read: 'Erro ao carregar dados do dashboard' in the page, not a 500", async () => {
    const { result, logged } = await quietly(() =>
      withoutTable("searches", () => dashboardTab("geral")),
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      tab: "geral",
      view: { tab: "failed", message: messages.dashboard.loadFailed },
    });
    expect(logged).toHaveLength(1);
    expect((await dashboardTab("geral")).data).toMatchObject({ view: { tab: "geral" } });
  });

  it("the Sistema tab whose readings fail: 'Erro ao carregar métricas do sistema'", async () => {
    const { result } = await quietly(() => withoutTable("backups", () => dashboardTab("sistema")));
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      tab: "sistema",
      view: { tab: "failed", message: f.systemMetrics },
    });
    expect((await dashboardTab("sistema")).data).toMatchObject({ view: { tab: "sistema" } });
  });

  it("a part delete the database refuses: 'Erro ao excluir peça' in the dialog, the part kept", async () => {
    const part = createPart({ code: "ERR-DEL-1", name: "Peça Presa", manufacturer: "Teste" });
    const id = String(part.id);
    const { result } = await quietly(() =>
      withAbortingTrigger("parts", "DELETE", () =>
        post(deletePartRoute, `/parts/${id}/delete`, "", { id }),
      ),
    );
    expect(result.status).toBe(500);
    expect(await result.json()).toEqual({ error: f.partDelete });
    expect((await post(deletePartRoute, `/parts/${id}/delete`, "", { id })).status).toBe(302);
  });

  it("credits the database refuses to add: 'Erro ao adicionar créditos' on the form", async () => {
    const id = String(customer.id);
    const { result } = await quietly(() =>
      withAbortingTrigger("credit_ledger", "INSERT", () =>
        post(creditsRoute, `/customers/${id}/credits`, "amount=10", { id }),
      ),
    );
    expect(result.status).toBe(500);
    const reply = (await result.json()) as { error: Record<string, string[]> };
    expect(reply.error[""]).toEqual([f.addCredits]);
  });

  it("a plan change the database refuses: 'Erro ao processar assinatura' on the form", async () => {
    const plan = createPlan({ name: "Plano Recusado", priceCents: 1990 });
    const planId = String(plan.id);
    const response = await quietly(async () =>
      withAbortingTrigger("payments", "INSERT", async () =>
        invoke(planChange.action, `/settings/plano/${planId}`, {
          method: "POST",
          body: "paymentMethod=pix",
          params: { planId },
          headers: await postHeaders(customer),
        }),
      ),
    );
    expect(response.result.status).toBe(500);
    const reply = (await response.result.json()) as { error: Record<string, string[]> };
    expect(reply.error[""]).toEqual([messages.planChange.failed]);
  });
});
