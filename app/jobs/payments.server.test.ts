import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobRuns, payments } from "~db/schema";
import { startPix } from "~/models/payments/index.server";
import { subscribe } from "~/models/accounts/index.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { accepted, createFreePlan, createPlan, createUser } from "../../tests/support/factories";
import {
  startPaymentSimulators,
  TEST_CPF,
  type PaymentSimulators,
} from "../../tests/support/payment-simulators";
import {
  reconcilePayments,
  runScheduleSlot,
  startJobRunner,
  stopJobRunner,
  waitForJob,
} from "./index.server";
import { SCHEDULES } from "./schedules.server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Redis(REDIS_URL, {
  lazyConnect: true,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
})
  .connect()
  .then(
    () => true,
    () => false,
  );

const reconcileSchedule = SCHEDULES.find((s) => s.job.name === reconcilePayments.name)!;

let sims: PaymentSimulators;

beforeAll(async () => {
  sims = await startPaymentSimulators({
    label: "jobs",
    // The app is not listening here: the poller, not the notification, must find the payment.
    fetch: async () => new Response("{}", { status: 200 }),
  });
});

afterAll(async () => {
  await stopJobRunner();
  await sims.stop();
  delete process.env.REDIS_URL;
  resetEnvForTests();
});

afterEach(async () => {
  await stopJobRunner();
});

/** A PIX paid at PagHiper whose notification never reached us, due for a check now. */
async function paidPixNobodyHeardOf() {
  createFreePlan();
  const plan = createPlan({ priceCents: 2990, creditsPerMonth: 900 });
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  const pix = accepted(
    await startPix({ id: user.id, role: user.role }, result.payment.id, TEST_CPF),
  );
  await sims.pagHiper.pay(
    sims.pagHiper.transactions().find((t) => t.emv === pix.pixCode)!.transactionId,
  );
  db()
    .update(payments)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(payments.id, result.payment.id))
    .run();
  return result.payment.id;
}

const statusOf = (id: number) =>
  db().select().from(payments).where(eq(payments.id, id)).get()!.status;

function pollerContract(backend: "inline" | "bullmq") {
  it("a schedule slot enqueues one poller run, which approves the PIX paid without a notification", async () => {
    if (backend === "bullmq") process.env.REDIS_URL = REDIS_URL;
    else delete process.env.REDIS_URL;
    resetEnvForTests();
    await startJobRunner({
      worker: true,
      prefix: `encaixa-test-payments-${randomUUID()}`,
      backoffMs: 10,
    });
    const paymentId = await paidPixNobodyHeardOf();
    const now = Date.now();
    const [first, second] = await Promise.all([
      runScheduleSlot(reconcileSchedule, now),
      runScheduleSlot(reconcileSchedule, now),
    ]);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    const run = await waitForJob(first!, 20_000);
    expect(run.status).toBe("completed");
    expect(statusOf(paymentId)).toBe("approved");
    expect(db().select().from(jobRuns).where(eq(jobRuns.id, first!)).all()).toHaveLength(1);
    // Nothing left to ask about: the next slot enqueues nothing.
    expect(await runScheduleSlot(reconcileSchedule, now + 60_000)).toBeNull();
  });
}

describe("payment poller, inline", () => pollerContract("inline"));

// CI must prove the BullMQ path; a laptop without Redis may skip it.
describe.skipIf(!redisUp && !process.env.CI)(`payment poller on BullMQ (${REDIS_URL})`, () => {
  beforeAll(() => {
    if (!redisUp) throw new Error(`CI está definido mas o Redis em ${REDIS_URL} não responde`);
  });
  pollerContract("bullmq");
});
