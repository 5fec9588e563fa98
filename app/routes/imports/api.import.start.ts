import type { ActionFunctionArgs } from "@remix-run/node";
import { importStatusView } from "~/api/views/imports";
import { startCatalogueImport } from "~/jobs/catalogue-import.server";
import { importStartBodySchema } from "~/schemas/catalogue-import";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal } from "~/server/refusal.server";
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
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await parseJsonBody(request, importStartBodySchema);
  if (!parsed.ok) return parsed.response;
  let started: Awaited<ReturnType<typeof startCatalogueImport>>;
  try {
    started = await startCatalogueImport(
      { settings: parsed.value, source: { kind: "api" } },
      user.id,
    );
  } catch (error) {
    console.error(m.logStartFailed, error);
    return fail(m.startFailed, 503);
  }
  if (!started.ok) return apiRefusal(started);
  const { job } = started.value;
  return ok({ job_id: job.id, job: importStatusView(job, []) }, m.started, 202);
}

export const loader = () => methodNotAllowed();
