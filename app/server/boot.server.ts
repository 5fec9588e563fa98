import { seedDatabase } from "~db/seed";
import * as messages from "~/messages";
import {
  paymentSimulatorCredentials,
  usingEmbeddedSimulators,
} from "~/integrations/payment-simulators.server";
import { resumeInterruptedImports, startJobRunner, startSchedules } from "~/jobs/index.server";
import { configureSimulatorGateways, publicOriginRefusal } from "~/models/payments/index.server";
import { db } from "~/utils/db.server";
import { EnvError, env } from "~/utils/env.server";

let booting: Promise<void> | undefined;

/**
 * Everything the server needs before its first request: a checked environment, a migrated
 * database, demo data on an empty one, and the job runner.
 */
export function boot(): Promise<void> {
  booting ??= (async () => {
    const config = env();
    const database = db();
    const { seeded } = await seedDatabase(database, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.SEED_DEMO_DATA,
    });
    if (seeded) console.log(messages.startup.databaseCreated(config.DATABASE_PATH));
    // Payment notifications and return addresses never come from a request's Host (ADR 0028).
    const noPublicUrl = publicOriginRefusal();
    if (noPublicUrl) throw new EnvError(messages.startup.unsafe([noPublicUrl]));
    if (usingEmbeddedSimulators()) configureSimulatorGateways(paymentSimulatorCredentials());
    // In a cluster (server.mjs, WEB_CONCURRENCY > 1) one web process is told it runs the
    // recurring jobs and resumes imports; the others run only what they enqueue themselves.
    const jobProcess = process.env.ENCAIXA_JOB_PROCESS !== "false";
    const worker = jobProcess && (!config.REDIS_URL || process.env.ENCAIXA_RUN_WORKERS === "true");
    await startJobRunner({ worker });
    if (worker) {
      startSchedules();
      const resumed = await resumeInterruptedImports();
      if (resumed > 0) console.log(messages.startup.importsResumed(resumed));
    }
  })();
  return booting;
}
