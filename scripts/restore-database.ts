// `npm run db:restore FILE`: replaces the database with a backup (README "Backups"). Stop the
// server and workers first; the command refuses while the database is open elsewhere.
// An entry point like the server and the worker, so it lives here and not in db/: the db floor
// sits below the models, and the restore is the backups domain's rule (ADR 0022).
import * as messages from "../app/messages";
import { backupsFolder, restoreDatabase } from "../app/models/backups/index.server";
import { env } from "../app/utils/env.server";

const m = messages.backups;
const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error(m.restoreUsage);
  process.exit(2);
}

try {
  const restored = await restoreDatabase(file, env().DATABASE_PATH, backupsFolder());
  if (!restored.ok) {
    console.error(restored.message);
    process.exit(1);
  }
  const { target, safetyCopy } = restored.value;
  console.log(safetyCopy ? m.restoreSafetyCopy(safetyCopy) : m.restoreNoSafetyCopy);
  console.log(m.restoreDone(file, target));
} catch (error) {
  console.error(m.restoreFailed, error);
  process.exit(1);
}
