// `npm run db:seed`: the plans, the first admin and (unless SEED_DEMO_DATA=false) the demo data,
// on an empty database only — as `npm start` does on its first run.
import { db } from "../app/utils/db.server";
import { env } from "../app/utils/env.server";
import { seedDatabase } from "./seed";

const config = env();
const { seeded } = await seedDatabase(db(), {
  adminEmail: config.ADMIN_EMAIL,
  adminPassword: config.ADMIN_PASSWORD,
  demo: config.SEED_DEMO_DATA,
});
console.log(
  seeded
    ? `Dados iniciais gravados em ${config.DATABASE_PATH}.`
    : `${config.DATABASE_PATH} já tem dados: nada foi gravado.`,
);
