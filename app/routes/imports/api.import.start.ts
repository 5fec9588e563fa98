import type { ActionFunctionArgs } from "@remix-run/node";
import { importStatusView, type ImportJobView } from "~/api/views/imports";
import { startCatalogueImport } from "~/jobs/catalogue-import.server";
import { importStartBodySchema } from "~/schemas/imports/catalogue-import";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest } from "~/server/api-request.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.catalogueImport;

/**
 * POST /api/import/start {options: {concurrentPages, itemsPerBatch, skipExisting…}} — starts an
 * import from the catalogue source in the background: 202 with {job_id, job}. While another
 * import holds the catalogue, 409; settings out of range, 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, body } = await apiRequest(request, access, { body: importStartBodySchema });
  let started: Awaited<ReturnType<typeof startCatalogueImport>>;
  try {
    started = await startCatalogueImport({ settings: body, source: { kind: "api" } }, user.id);
  } catch (error) {
    // The job queue could not take the run: a refusal to try again, not the server failing.
    console.error(m.logStartFailed, error);
    return apiRefuse("busy", m.startFailed);
  }
  if (!started.ok) return apiRefusal(started);
  const { job } = started.value;
  return ok(
    { job_id: job.id, job: importStatusView(job, []) } satisfies ImportJobView,
    m.started,
    202,
  );
}

export const loader = () => methodNotAllowed();
