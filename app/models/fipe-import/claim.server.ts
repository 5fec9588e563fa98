import { and, desc, eq, inArray } from "drizzle-orm";
import { importJobs } from "~db/schema";
import type { FipeVehicleType } from "~/integrations/fipe/types";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  failImport,
  FIPE_IMPORT_KIND,
  type FipeImportOptions,
  type ImportJob,
} from "./progress.server";

/** What an admin asks for, in the form's and the API's words. */
export type FipeImportRequest = { type: FipeVehicleType; brand_code?: string; max_brands?: number };

/**
 * Records a new FIPE import, unless one is already queued or running: then that one is returned,
 * so a second click (or a second admin) follows the import in progress instead of starting another.
 * `isOrphaned` tells an import whose runner died (the job layer knows); such ones are retired.
 */
export function claimFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
  isOrphaned: (job: ImportJob, now: number) => boolean,
): { job: ImportJob; created: boolean } {
  const database = db();
  return immediateTransaction(database, () => {
    const now = Date.now();
    const active = database
      .select()
      .from(importJobs)
      .where(
        and(eq(importJobs.kind, FIPE_IMPORT_KIND), inArray(importJobs.status, ["idle", "running"])),
      )
      .orderBy(desc(importJobs.id))
      .all();
    for (const job of active) {
      if (!isOrphaned(job, now)) return { job, created: false };
      failImport(job.id, messages.fipe.interrupted);
    }
    const options: FipeImportOptions = {
      type: input.type,
      brandCode: input.brand_code,
      maxBrands: input.max_brands,
    };
    const job = database
      .insert(importJobs)
      .values({ kind: FIPE_IMPORT_KIND, status: "idle", options, startedById: actorId })
      .returning()
      .get();
    return { job, created: true };
  });
}
