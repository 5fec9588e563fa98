import { beforeAll, describe, expect, it } from "vitest";
import { assignPlanByAdmin } from "~/models/accounts/subscription.server";
import type { User } from "~/models/accounts/user.server";
import { listPlans } from "~/models/payments/index.server";
import * as shell from "~/routes/site/_app";
import * as usagePage from "~/routes/accounts/_app.usage";
import * as messages from "~/messages";
import {
  accepted,
  createFreePlan,
  createPlan,
  createUser,
  createVehicle,
  recordSearch,
  sessionHeaders,
} from "../support/factories";
import { productionHandler } from "../support/route-manifest";
import { call } from "../support/routes";

/**
 * One unit for credits (ADR 0048), as the customer's pages show it: the chip counts the searches
 * left today, the plan's capacity reads as searches a day, and the top plan — the dearest active
 * one — offers no "Fazer upgrade" in the shell, on the usage page, in the profile or when the
 * day's searches are spent.
 */

const UPGRADE = messages.planCard.upgrade;
let admin: User;
let middlePlanId: number;
let topPlanId: number;
let freePlanId: number;

const cookieOf = async (user: User) => (await sessionHeaders(user, "web")).Cookie!;

async function customerOn(planId: number) {
  const { user } = await createUser();
  accepted(
    assignPlanByAdmin({ userId: user.id, planId, paymentMethod: "cash", actorId: admin.id }),
  );
  return user;
}

/** A customer who spent today's only search (30 credits a month: 1 a day). */
async function spentCustomerOn(planId: number) {
  const user = await customerOn(planId);
  recordSearch({ userId: user.id, query: "GASTA1", at: new Date(), charged: true });
  return user;
}

beforeAll(async () => {
  freePlanId = createFreePlan().id;
  admin = (await createUser({ role: "admin" })).user;
  const dearest = Math.max(0, ...listPlans().map((p) => p.priceCents ?? 0));
  middlePlanId = createPlan({ creditsPerMonth: 30, priceCents: dearest + 1000 }).id;
  topPlanId = createPlan({ creditsPerMonth: 30, priceCents: dearest + 5000 }).id;
});

describe("the loaders", () => {
  const shellPlan = async (user: User) =>
    (await (await call(shell.loader, "/home", { cookie: await cookieOf(user) })).json()).plan;

  it("the shell offers an upgrade below the top plan and none on it", async () => {
    expect((await shellPlan(await customerOn(middlePlanId))).canUpgrade).toBe(true);
    expect((await shellPlan(await customerOn(topPlanId))).canUpgrade).toBe(false);
    expect((await shellPlan((await createUser()).user)).canUpgrade).toBe(true);
    expect((await shellPlan(admin)).canUpgrade).toBe(false);
  });

  it("the usage page knows the same", async () => {
    const usage = async (user: User) =>
      (await (await call(usagePage.loader, "/usage", { cookie: await cookieOf(user) })).json())
        .canUpgrade;
    expect(await usage(await customerOn(middlePlanId))).toBe(true);
    expect(await usage(await customerOn(topPlanId))).toBe(false);
  });
});

describe("the pages as the server renders them", () => {
  let handle: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    const handler = await productionHandler();
    handle = (request) => handler(request, { clientIp: "203.0.113.9" });
  });

  const html = async (path: string, user: User) => {
    const response = await handle(
      new Request(`http://localhost${path}`, {
        headers: { Host: "localhost", Cookie: await cookieOf(user) },
      }),
    );
    expect(response.status).toBe(200);
    return (await response.text()).replaceAll("&quot;", '"');
  };

  it("the chip counts the searches left today and the usage page gives the plan's searches a day", async () => {
    const user = await customerOn(middlePlanId);
    const page = await html("/usage", user);
    expect(page).toContain(messages.credits.leftToday(1));
    expect(page).toContain("1 busca restante hoje");
    expect(page).toContain("1 busca por dia");
    expect(page).not.toMatch(/\(s\)|consultas/);
  });

  it("below the top plan every page offers the upgrade; on it none does", async () => {
    const middle = await spentCustomerOn(middlePlanId);
    const top = await spentCustomerOn(topPlanId);
    for (const path of ["/usage", "/settings?tab=planos", "/profile?tab=assinatura"]) {
      expect(await html(path, middle), path).toContain(UPGRADE);
      expect(await html(path, top), path).not.toMatch(/Fazer upgrade/i);
    }
  });

  it("a paid customer may choose the free plan too: its card leads to the change dialog (a scheduled downgrade)", async () => {
    const page = await html("/settings?tab=planos", await customerOn(topPlanId));
    expect(page).toContain(`href="/settings/plano/${freePlanId}"`);
    expect(page).not.toContain(`href="/settings/plano/${topPlanId}"`);
  });

  it("a spent search on the top plan says when the searches come back, not to upgrade", async () => {
    const middle = await html("/search?q=GASTA2", await spentCustomerOn(middlePlanId));
    expect(middle).toContain(messages.search.exhausted);
    const top = await html("/search?q=GASTA2", await spentCustomerOn(topPlanId));
    expect(top).toContain(messages.search.exhaustedTopPlan);
    expect(top).not.toContain(messages.search.exhausted);
    expect(top).not.toMatch(/Fazer upgrade/i);
  });

  it("so does a spent search by vehicle", async () => {
    createVehicle({ brand: "Topo Motors", model: "Ultimo", year: 2020 });
    const path = "/search/vehicle?brand=Topo+Motors&model=Ultimo&year=2020";
    expect(await html(path, await spentCustomerOn(middlePlanId))).toContain(
      messages.search.exhausted,
    );
    const top = await html(path, await spentCustomerOn(topPlanId));
    expect(top).toContain(messages.search.exhaustedTopPlan);
    expect(top).not.toContain(messages.search.exhausted);
  });
});
