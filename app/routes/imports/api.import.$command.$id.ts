import type { ActionFunctionArgs } from "@remix-run/node";
import { importStatusView, type ImportJobView } from "~/api/views/imports";
import { restartCatalogueImportRun } from "~/jobs/catalogue-import.server";
import { cancelImport, pauseImport, resumeImportRun } from "~/jobs/imports.server";
import { parsePathId } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: ["admin"] };

const m = messages.catalogueImport;

const COMMANDS = {
  pause: {
    run: async (id: number) => pauseImport(id),
    done: m.paused,
    failed: m.pauseFailed,
  },
  resume: { run: resumeImportRun, done: m.resumed, failed: m.resumeFailed },
  cancel: {
    run: async (id: number) => cancelImport(id),
    done: m.cancelled,
    failed: m.cancelFailed,
  },
  restart: { run: restartCatalogueImportRun, done: m.restarted, failed: m.restartFailed },
} as const;

/**
 * POST /api/import/pause/:id, /resume/:id, /cancel/:id, /restart/:id — the import controls.
 * A control the import's state does not allow is a 409; restart answers the new import.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const name = params.command ?? "";
  const command = COMMANDS[name as keyof typeof COMMANDS];
  const id = parsePathId(params.id);
  if (!Object.hasOwn(COMMANDS, name) || !command || id === null)
    return apiRefuse("not_found", m.importNotFound);
  let outcome: Awaited<ReturnType<(typeof command)["run"]>>;
  try {
    outcome = await command.run(id, user.id);
  } catch (error) {
    // The job queue could not take the command: a refusal to try again.
    console.error(m.logCommandFailed(name), error);
    return apiRefuse("busy", command.failed);
  }
  if (!outcome.ok) return apiRefusal(outcome);
  const job = "job" in outcome.value ? outcome.value.job : outcome.value;
  return ok(
    { job_id: job.id, job: importStatusView(job, []) } satisfies ImportJobView,
    command.done,
  );
}

export const loader = () => methodNotAllowed();
