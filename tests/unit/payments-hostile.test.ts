import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, payments, subscriptions, webhookEvents } from "~db/schema";
import { signWebhook } from "~/integrations/mercadopago/signature";
import { startCheckout, startPix } from "~/models/payments/index.server";
import { subscribe } from "~/models/accounts/subscription.server";
import { db } from "~/utils/db.server";
import { accepted, createFreePlan, createPlan, createUser } from "../support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../support/payment-simulators";

/**
 * Issue #10's hostile test: 1,000 webhook deliveries — genuine ones repeated and replayed,
 * reordered, forged (bad, stale or borrowed signatures; wrong PagHiper keys; notifications
 * PagHiper never sent) and malformed — spread over two server processes on one database. Every
 * invoice must end approved with its plan started exactly once; every forgery must get 401 and
 * change nothing.
 */

const INVOICES = 40;
const DELIVERIES = 1000;

type Captured = {
  url: string;
  headers: Record<string, string>;
  body: string;
  provider: "mercadopago" | "paghiper";
};
type Delivery = Captured & { kind: "genuine" | "forged" | "malformed" };

const captured: Captured[] = [];
function capture(provider: Captured["provider"]): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    captured.push({ url: String(input), headers, body: String(init?.body ?? ""), provider });
    return new Response("{}", { status: 200 });
  };
}

let sims: PaymentSimulators;
const servers: { child: ChildProcess; port: number }[] = [];

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const child = spawn(
    tsx,
    ["--tsconfig", "tsconfig.json", path.resolve("tests/support/webhook-server.ts")],
    {
      env: { ...process.env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/READY (\d+)/);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.on("exit", (code) => reject(new Error(`servidor de webhooks saiu com ${code}`)));
  });
}

beforeAll(async () => {
  sims = await startPaymentSimulators({
    label: "hostile",
    fetch: { mercadoPago: capture("mercadopago"), pagHiper: capture("paghiper") },
  });
  servers.push(...(await Promise.all([startServer(), startServer()])));
}, 60_000);

afterAll(async () => {
  for (const { child } of servers) child.kill("SIGTERM");
  await sims?.stop();
});

/** Pays every invoice at its provider, capturing (not delivering) the notifications it sends. */
async function payEverything() {
  createFreePlan();
  const plan = createPlan({ priceCents: 9990, creditsPerMonth: 3000 });
  const invoices: { id: number; userId: number; subscriptionId: number }[] = [];
  for (let i = 0; i < INVOICES; i++) {
    const { user } = await createUser();
    const viewer = { id: user.id, role: user.role };
    const result = accepted(
      subscribe({ userId: user.id, planId: plan.id, paymentMethod: i % 2 ? "pix" : "credit_card" }),
    );
    if (result.kind !== "payment_required") throw new Error("expected an invoice");
    invoices.push({
      id: result.payment.id,
      userId: user.id,
      subscriptionId: result.subscription.id,
    });
    if (i % 2 === 0) {
      const checkout = accepted(await startCheckout(viewer, result.payment.id));
      const preference = sims.mercadoPago
        .preferences()
        .find((p) => p.externalReference === checkout.payment.externalReference)!;
      if (i % 4 === 0) {
        // A card refused, then a second card approved: two payments on one checkout.
        await sims.mercadoPago.pay(preference.id, "rejected");
        await sims.mercadoPago.pay(preference.id, "approved");
      } else {
        // PIX inside Mercado Pago: pending first, approved later.
        const pending = await sims.mercadoPago.pay(preference.id, "pending");
        await sims.mercadoPago.setStatus(pending.id, "approved");
      }
    } else {
      const pix = accepted(await startPix(viewer, result.payment.id, TEST_CPF));
      const transaction = sims.pagHiper.transactions().find((t) => t.emv === pix.pixCode)!;
      await sims.pagHiper.pay(transaction.transactionId);
    }
  }
  return invoices;
}

function forgeries(genuine: Captured[], random: () => number): Delivery[] {
  const mp = genuine.filter((d) => d.provider === "mercadopago");
  const ph = genuine.filter((d) => d.provider === "paghiper");
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const kinds: (() => Delivery)[] = [
    () => {
      const base = pick(mp);
      return {
        ...base,
        kind: "forged",
        headers: {
          ...base.headers,
          "x-signature": `ts=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`,
        },
      };
    },
    () => {
      const base = pick(mp);
      const dataId = new URL(base.url).searchParams.get("data.id")!;
      const ts = Math.floor(Date.now() / 1000);
      const signature = signWebhook({
        secret: "not-our-secret",
        dataId,
        requestId: base.headers["x-request-id"]!,
        ts,
      });
      return { ...base, kind: "forged", headers: { ...base.headers, "x-signature": signature } };
    },
    () => {
      // A genuine signature replayed from an hour ago.
      const base = pick(mp);
      const dataId = new URL(base.url).searchParams.get("data.id")!;
      const ts = Math.floor(Date.now() / 1000) - 3600;
      const signature = signWebhook({
        secret: sims.credentials.mercadopago.webhookSecret,
        dataId,
        requestId: base.headers["x-request-id"]!,
        ts,
      });
      return { ...base, kind: "forged", headers: { ...base.headers, "x-signature": signature } };
    },
    () => {
      // A genuine signature borrowed for another payment id.
      const base = pick(mp);
      const url = new URL(base.url);
      url.searchParams.set("data.id", `${url.searchParams.get("data.id")}9`);
      return { ...base, kind: "forged", url: url.toString() };
    },
    () => {
      const base = pick(mp);
      const { "x-signature": _dropped, ...headers } = base.headers;
      return { ...base, kind: "forged", headers };
    },
    () => {
      const base = pick(ph);
      const form = new URLSearchParams(base.body);
      form.set("apiKey", "apk_attacker");
      return { ...base, kind: "forged", body: form.toString() };
    },
    () => {
      // Our apiKey is not secret (it travels in every notification): PagHiper must confirm it.
      const base = pick(ph);
      const form = new URLSearchParams(base.body);
      form.set("notification_id", "F".repeat(64));
      return { ...base, kind: "forged", body: form.toString() };
    },
  ];
  const malformed: (() => Delivery)[] = [
    () => ({ ...pick(mp), kind: "malformed", body: "{not json" }),
    () => ({ ...pick(ph), kind: "malformed", body: `apiKey=${sims.credentials.paghiper.apiKey}` }),
  ];
  const out: Delivery[] = [];
  const forgedCount = Math.round(DELIVERIES * 0.25);
  const malformedCount = Math.round(DELIVERIES * 0.05);
  for (let i = 0; i < forgedCount; i++) out.push(pick(kinds)());
  for (let i = 0; i < malformedCount; i++) out.push(pick(malformed)());
  return out;
}

async function deliver(delivery: Delivery, port: number): Promise<number> {
  const url = new URL(delivery.url);
  const target = `http://127.0.0.1:${port}${url.pathname}${url.search}`;
  const response = await fetch(target, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
  });
  await response.text();
  return response.status;
}

describe("1,000 hostile webhook deliveries over two server processes", () => {
  it("activates every invoice exactly once and refuses every forgery", async () => {
    const invoices = await payEverything();
    const genuine = [...captured];
    expect(genuine.length).toBe((INVOICES / 2) * 2 + INVOICES / 2);
    expect(db().select().from(payments).where(eq(payments.status, "approved")).all()).toHaveLength(
      0,
    );

    const random = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), {
      seed: 20261123,
      numRuns: 1,
    })[0]!;
    let state = random;
    const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const deliveries: Delivery[] = [
      ...genuine.map((d) => ({ ...d, kind: "genuine" as const })),
      ...forgeries(genuine, rand),
    ];
    while (deliveries.length < DELIVERIES)
      deliveries.push({ ...genuine[Math.floor(rand() * genuine.length)]!, kind: "genuine" });
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }

    const results: { kind: Delivery["kind"]; status: number; server: number }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < deliveries.length) {
          const index = next++;
          const server = index % 2;
          const status = await deliver(deliveries[index]!, servers[server]!.port);
          results.push({ kind: deliveries[index]!.kind, status, server });
        }
      }),
    );

    const tally: Record<string, number> = {};
    for (const r of results)
      tally[`${r.kind} → ${r.status}`] = (tally[`${r.kind} → ${r.status}`] ?? 0) + 1;
    const perServer = [0, 1].map((s) => results.filter((r) => r.server === s).length);
    console.log(`Entregas: ${results.length} (${perServer.join(" + ")} por processo)`, tally);

    expect(results).toHaveLength(DELIVERIES);
    expect(results.filter((r) => r.kind === "genuine").every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.kind === "forged").every((r) => r.status === 401)).toBe(true);
    expect(results.filter((r) => r.kind === "malformed").every((r) => r.status === 400)).toBe(true);
    expect(perServer.every((n) => n >= DELIVERIES / 2 - 1)).toBe(true);

    for (const invoice of invoices) {
      const row = db().select().from(payments).where(eq(payments.id, invoice.id)).get()!;
      expect(row.status).toBe("approved");
      const approvals = db()
        .select()
        .from(activity)
        .where(eq(activity.entityId, String(invoice.id)))
        .all()
        .filter((a) => a.type === "payment" && a.action.includes("aprovado"));
      expect(approvals).toHaveLength(1);
      const subscription = db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, invoice.subscriptionId))
        .get()!;
      expect(subscription.status).toBe("active");
    }
    const events = db().select({ n: count() }).from(webhookEvents).get()!.n;
    const processed = db()
      .select()
      .from(webhookEvents)
      .all()
      .filter((e) => e.processedAt !== null).length;
    expect(events).toBe(genuine.length);
    console.log(
      `webhook_events: ${events} registradas, ${processed} notificações legítimas processadas, ${invoices.length} faturas ativadas uma vez cada`,
    );
    expect(processed).toBe(genuine.length);
  }, 120_000);
});
