import { FIPE_IMPORT_JOB_NAME, runFipeImport } from "~/models/fipe-import.server";
import { defineJob } from "./registry.server";

/** Imports brands, models and years from FIPE into vehicles; progress lives in import_jobs. */
export const importFipeVehicles = defineJob(
  FIPE_IMPORT_JOB_NAME,
  async (payload: { importJobId: number }, ctx) => {
    const result = await runFipeImport(payload.importJobId);
    ctx.log(result.message);
    return result;
  },
);
