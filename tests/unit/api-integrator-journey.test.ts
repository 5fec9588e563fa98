import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "~db/schema";
import { assignPlanByAdmin } from "~/models/accounts/subscription.server";
import { db } from "~/utils/db.server";
import {
  accepted,
  createCategory,
  createPart,
  createPlan,
  createUser,
  createVehicle,
  fit,
} from "../support/factories";
import { checkAgainstContract } from "../support/contract";
import { envelope } from "../support/routes";
import { startWebProcess, type WebProcess } from "../support/web-process";

/**
 * Issue #28's integrator, end to end over HTTP, across two web processes sharing the database: a
 * shop's ERP signs in once to make a key, then works with the key alone — searches (and reads its
 * quota in the standard headers), runs into the key's request rate, retries a write with the same
 * Idempotency-Key, and is refused the moment the key is revoked, whichever process it reaches.
 * Every answer is checked against the OpenAPI document.
 */

type Answer = { status: number; headers: Headers; body: Awaited<ReturnType<typeof envelope>> };

let web: WebProcess[] = [];
let customer: { email: string; password: string; id: number };
let upgradePlan = 0;

beforeAll(async () => {
  const admin = (await createUser({ role: "admin" })).user;
  const basic = createPlan({ name: "Oficina Jornada", priceCents: 4990, creditsPerMonth: 3000 });
  upgradePlan = createPlan({ name: "Rede Jornada", priceCents: 19990, creditsPerMonth: 30000 }).id;
  const { user, password } = await createUser({ email: "erp-jornada@oficina.dev" });
  accepted(
    assignPlanByAdmin({
      userId: user.id,
      planId: basic.id,
      paymentMethod: "cash",
      actorId: admin.id,
    }),
  );
  customer = { email: user.email, password, id: user.id };
  const category = createCategory("Filtros Jornada");
  const part = createPart({
    code: "JRN 7788",
    name: "Filtro de óleo jornada",
    categoryId: category.id,
    manufacturer: "Tecfil",
  });
  fit(part.id, createVehicle({ brand: "Volkswagen", model: "Gol", year: 2015 }).id);
  web = await Promise.all([startWebProcess(), startWebProcess()]);
}, 120_000);

afterAll(() => Promise.all(web.map((process) => process.stop())));

async function send(
  process: WebProcess,
  path: string,
  init: { method?: string; bearer?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${process.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  await checkAgainstContract(init.method ?? "GET", path, response);
  return { status: response.status, headers: response.headers, body: await envelope(response) };
}

describe("an integrator's journey with an API key, across two web processes", () => {
  let sessionToken = "";
  let key = "";
  let keyId = 0;

  it("signs in once and creates a key, shown once", async () => {
    const login = await send(web[0], "/api/auth/login", {
      method: "POST",
      json: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(200);
    sessionToken = login.body.data.token;

    const created = await send(web[0], "/api/keys", {
      method: "POST",
      bearer: sessionToken,
      json: { name: "ERP da loja" },
    });
    expect(created.status).toBe(201);
    key = created.body.data.key;
    keyId = created.body.data.id;
    expect(key).toMatch(/^enc_live_/);

    const listed = await send(web[1], "/api/keys", { bearer: sessionToken });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.find((item: { id: number }) => item.id === keyId);
    expect(mine.name).toBe("ERP da loja");
    expect(key.startsWith(mine.prefix)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it("searches with the key on the other process and reads its quota in the standard headers", async () => {
    const found = await send(web[1], "/api/parts/search?q=JRN7788&type=code", { bearer: key });
    expect(found.status).toBe(200);
    expect(found.body.data.map((part: { code: string }) => part.code)).toContain("JRN 7788");
    expect(found.headers.get("X-Search-Charged")).toBe("true");
    const policy = found.headers.get("RateLimit-Policy") ?? "";
    const state = found.headers.get("RateLimit") ?? "";
    // 3,000 a month is 100 a day; one spent.
    expect(policy).toMatch(/;q=100;w=86400/);
    expect(state).toMatch(/;r=99;t=\d+/);
    const searches = await send(web[0], "/api/auth/profile", { bearer: key });
    expect(searches.status).toBe(200);
    expect(searches.body.data.user.email).toBe(customer.email);
  });

  it("runs into the key's request rate: 429 with Retry-After, exact across both processes", async () => {
    // The steps before spent two of the burst's 20 a moment ago: at 10/s they are back well
    // within half a second, so the burst below starts from a full bucket on any machine.
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      await burstAgainstTheRate();
    } finally {
      // Whatever this step found, the next ones start with the key's rate refilled.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    }
  });

  async function burstAgainstTheRate() {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(web[i % 2], "/api/auth/profile", { bearer: key })),
    );
    const seconds = (performance.now() - started) / 1000;
    const refused = answers.filter((answer) => answer.status === 429);
    const served = answers.filter((answer) => answer.status === 200);
    expect(served.length + refused.length).toBe(60);
    // The burst of 20, plus at most what 10/s refilled while the 60 were under way (a busy
    // machine serves them slowly): never more, whichever process each request reached.
    expect(served.length).toBeGreaterThanOrEqual(20);
    expect(served.length).toBeLessThanOrEqual(20 + Math.ceil(10 * seconds));
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get("RateLimit")).toMatch(/;r=0;t=\d+/);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/[a-zà-ú]/i);
    }
  }

  it("retries a write with the same Idempotency-Key and gets the first answer, once", async () => {
    const subscribe = (process: WebProcess, body: unknown) =>
      send(process, "/api/auth/subscribe", {
        method: "POST",
        bearer: key,
        json: body,
        headers: { "Idempotency-Key": "erp-pedido-4711" },
      });
    const body = { planId: upgradePlan, paymentMethod: "pix" };
    const first = await subscribe(web[0], body);
    expect(first.status).toBe(201);
    expect(first.body.data.payment).not.toBeNull();
    const again = await subscribe(web[1], body);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const invoices = db().select().from(payments).where(eq(payments.userId, customer.id)).all();
    expect(invoices.filter((invoice) => invoice.status === "pending")).toHaveLength(1);

    const other = await subscribe(web[1], { ...body, paymentMethod: "credit_card" });
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
  });

  it("revokes the key: refused at once on both processes, the session still works", async () => {
    const revoked = await send(web[0], `/api/keys/${keyId}`, {
      method: "DELETE",
      bearer: sessionToken,
    });
    expect(revoked.status).toBe(200);
    for (const process of web) {
      const refused = await send(process, "/api/auth/profile", { bearer: key });
      expect(refused.status).toBe(401);
      expect(refused.body.success).toBe(false);
    }
    expect((await send(web[1], "/api/auth/profile", { bearer: sessionToken })).status).toBe(200);
  });
});
