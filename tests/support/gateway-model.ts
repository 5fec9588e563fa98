import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { gatewayConfigs, payments } from "~db/schema";
import { configureSimulatorGateways } from "~/models/payments/gateway-config.server";
import { subscribe } from "~/models/accounts/subscription.server";
import { db } from "~/utils/db.server";
import { accepted, createFreePlan, createPlan, createUser } from "./factories";
import { startPaymentSimulators, type PaymentSimulators } from "./payment-simulators";

/**
 * The payments models' tests against both simulators: `withGatewaySimulators()` at a test file's
 * top starts them for the file and configures both gateways before each test.
 */

export const CPF = "123.456.789-09";
export const ORIGIN = "http://app.test";

type Delivery = { url: string; headers: Headers; body: string };
/** Every notification the simulators sent, kept instead of delivered. */
export const delivered: Delivery[] = [];
const keep: typeof fetch = async (input, init) => {
  delivered.push({
    url: String(input),
    headers: new Headers(init?.headers),
    body: String(init?.body ?? ""),
  });
  return new Response("{}", { status: 200 });
};

export let sims: PaymentSimulators;

export function withGatewaySimulators() {
  beforeAll(async () => {
    // The public address providers are given comes from APP_URL, never from a request (ADR 0028).
    process.env.APP_URL = ORIGIN;
    sims = await startPaymentSimulators({ label: "model", fetch: keep });
  });

  afterAll(async () => {
    delete process.env.APP_URL;
    await sims.stop();
  });

  beforeEach(() => {
    db().delete(gatewayConfigs).run();
    configureSimulatorGateways(sims.credentials);
  });
}

export async function invoice(priceCents = 4990) {
  createFreePlan();
  const plan = createPlan({ priceCents, creditsPerMonth: 3000 });
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, plan, viewer: { id: user.id, role: user.role }, paymentId: result.payment.id };
}

export const row = (id: number) => db().select().from(payments).where(eq(payments.id, id)).get()!;
export const transactionOf = (pixCode: string) =>
  sims.pagHiper.transactions().find((t) => t.emv === pixCode)!;
