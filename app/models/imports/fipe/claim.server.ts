import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import {
  activeImports,
  insertImport,
  isInterrupted,
  type ClaimedRun,
  type RunAliveCheck,
} from "../catalogue/control.server";
import { FIPE_IMPORT_KIND, type FipeImportOptions } from "./progress.server";
import { failImport } from "../jobs.server";

/** What an admin asks for, in the form's and the API's words. */
export type FipeImportRequest = {
  type: FipeImportOptions["type"];
  brand_code?: string;
  max_brands?: number;
};

/**
 * Records a new FIPE import, unless one is already running or paused: then that one is returned,
 * so a second click (or a second admin) follows the import in progress instead of starting another.
 * A running import whose run died (`isRunAlive` says so; the job layer knows) is retired.
 */
export function claimFipeImport(
  input: FipeImportRequest,
  actorId: number | null,
  isRunAlive: RunAliveCheck,
): ClaimedRun & { created: boolean } {
  return immediateTransaction(db(), () => {
    for (const job of activeImports(FIPE_IMPORT_KIND)) {
      if (!isInterrupted(job, isRunAlive)) return { job, runId: job.runId ?? "", created: false };
      failImport(job.id, messages.fipe.interrupted);
    }
    const options: FipeImportOptions = {
      type: input.type,
      brandCode: input.brand_code,
      maxBrands: input.max_brands,
    };
    return { ...insertImport(FIPE_IMPORT_KIND, options, actorId), created: true };
  });
}
