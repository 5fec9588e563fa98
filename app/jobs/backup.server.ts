import * as messages from "~/messages";
import { createBackup } from "~/models/backups/index.server";
import { defineJob } from "./registry.server";

const m = messages.backups;

/** The scheduled backup (SCHEDULES runs it when backupIsDue); the dashboard's button runs createBackup itself. */
export const backupDatabase = defineJob(
  "backup.database",
  async (_payload: Record<string, never>, ctx) => {
    const created = await createBackup();
    if (!created.ok) {
      // Someone's "Fazer backup agora" is making this slot's backup.
      ctx.log(m.jobSkipped);
      return { skipped: true };
    }
    const { backup, deleted } = created.value;
    ctx.log(m.jobCreated(backup.fileName, backup.sizeBytes, deleted.length));
    return {
      skipped: false,
      file: backup.fileName,
      sizeBytes: backup.sizeBytes,
      deleted: deleted.length,
    };
  },
);
