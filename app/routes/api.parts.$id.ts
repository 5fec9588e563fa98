import type { LoaderFunctionArgs } from "@remix-run/node";
import { findPartHit, partDetailView } from "~/models/api-views.server";
import { vehiclesForPart } from "~/models/fitment.server";
import { parsePathId, VEHICLES_DEFAULT_PER_PAGE } from "~/schemas/api-search";
import { fail, methodNotAllowed, ok } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { messages } from "~/utils/messages";

/**
 * GET /api/parts/:id — one part with its alternative codes, compat_count and the first page of
 * compatible vehicles (the rest: /api/vehicles/by-part/:id). Not metered: it details a part that
 * a (metered) search already found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = parsePathId(params.id);
  const hit = id === null ? undefined : findPartHit(id);
  if (!hit) return fail(messages.apiSearch.partNotFound, 404);
  return ok(partDetailView(hit, vehiclesForPart(hit.id, 1, VEHICLES_DEFAULT_PER_PAGE)));
}

export const action = () => methodNotAllowed();
