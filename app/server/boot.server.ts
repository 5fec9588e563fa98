import { seedDatabase } from "~db/seed";
import { startJobRunner } from "~/jobs/index.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";

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
    if (seeded) console.log(`Banco criado em ${config.DATABASE_PATH} com dados iniciais.`);
    await startJobRunner({
      worker: !config.REDIS_URL || process.env.ENCAIXA_RUN_WORKERS === "true",
    });
  })();
  return booting;
}
