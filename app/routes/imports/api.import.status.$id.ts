import type { LoaderFunctionArgs } from "@remix-run/node";
import { importStatusView } from "~/api/views/imports";
import { catalogueImportStatus } from "~/jobs/catalogue-import.server";
import { importProgress } from "~/models/imports/index.server";
import { parsePathId } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRefuse } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"] };

/** GET /api/import/status/:id — the spec's Import status of one import (FIPE or catalogue); admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const catalogue = id === null ? undefined : catalogueImportStatus(id);
  if (catalogue) {
    const { job, logs, interrupted } = catalogue;
    return ok(importStatusView(job, logs, new Date(), { interrupted }));
  }
  const progress = id === null ? null : importProgress(id);
  if (!progress) return apiRefuse("not_found", messages.fipe.importNotFound);
  return ok(importStatusView(progress.job, progress.logs));
}

export const action = () => methodNotAllowed();
