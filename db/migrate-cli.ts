// `npm run db:migrate`: applies the pending migrations to DATABASE_PATH (the server also does at start).
import { db } from "../app/utils/db.server";
import { env } from "../app/utils/env.server";

db();
console.log(`Migrações aplicadas em ${env().DATABASE_PATH}.`);
