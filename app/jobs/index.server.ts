import { backupDatabase } from "./backup.server";
import { importCatalogue } from "./catalogue-import.server";
import { importFipeVehicles } from "./fipe-import.server";
import { deliverMailJob, sweepMail } from "./mail.server";
import { purgeExpiredSessions } from "./maintenance.server";
import { applyScheduledPlanChanges } from "./plan-changes.server";
import { notifyPlansEnding } from "./notifications.server";
import { reconcilePayments } from "./payments.server";
import { registerJob } from "./registry.server";

/** Every job the app knows; the web process and `npm run worker` both register these. */
export const appJobs = [
  purgeExpiredSessions,
  importFipeVehicles,
  importCatalogue,
  reconcilePayments,
  backupDatabase,
  deliverMailJob,
  sweepMail,
  applyScheduledPlanChanges,
  notifyPlansEnding,
];
appJobs.forEach(registerJob);

export { backupDatabase, purgeExpiredSessions, reconcilePayments };
export { resumeInterruptedImports, stopImports } from "./imports.server";
export {
  startSchedules,
  stopSchedules,
  /** @internal Tests run a schedule slot without waiting for its hour. */
  runScheduleSlot,
} from "./schedules.server";
export { registeredJobNames } from "./registry.server";
export {
  startJobRunner,
  stopJobRunner,
  /** @internal Tests wait for a run to finish. */
  waitForJob,
} from "./runner.server";
