import type { ActionFunctionArgs } from "@remix-run/node";
import { waitForFipeImport } from "~/models/imports/index.server";
import { startFipeImport } from "~/jobs/fipe-import.server";
import { fipeImportApiSchema, fipeImportQuerySchema } from "~/schemas/imports/fipe-import";
import { queryParams } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.fipe;
/** Under the spec client's 180 s timeout. */
const WAIT_LIMIT_MS = 170_000;

/**
 * POST /api/vehicles/import/fipe {type, brand_code?, max_brands?} — starts the import in the
 * background: 202 with {job_id, import_id}; follow it at /api/import/status/:import_id. While one
 * runs, the same import is answered instead of a second one. `?wait=true` answers when it ends
 * (up to 170 s), as the spec's synchronous call: {success, created, brands, message}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: fipeImportApiSchema });

  let started: Awaited<ReturnType<typeof startFipeImport>>;
  try {
    started = await startFipeImport(body, user.id);
  } catch (error) {
    // The job queue could not take the run: a refusal to try again.
    console.error(m.logStartFailed, error);
    return apiRefuse("busy", m.startFailed);
  }
  const ids = {
    job_id: started.jobId,
    import_id: started.job.id,
    already_running: started.alreadyRunning,
  };
  const { wait } = fipeImportQuerySchema.parse(queryParams(request));
  if (!wait)
    return ok(
      { ...ids, status: started.job.status },
      started.alreadyRunning ? m.alreadyRunning : m.started,
      202,
    );

  const outcome = await waitForFipeImport(started.job.id, WAIT_LIMIT_MS, request.signal);
  if (outcome.status === "completed") {
    const counts = { created: outcome.created, brands: outcome.brands };
    const data = {
      ...ids,
      ...counts,
      skipped: outcome.skipped,
      errors: outcome.errors,
      status: outcome.status,
    };
    return Response.json({ success: true, ...counts, data, message: outcome.message });
  }
  if (outcome.status === "error") return apiRefuse("provider_failed", outcome.message);
  return ok({ ...ids, status: outcome.status }, m.started, 202);
}

export const loader = () => methodNotAllowed();
