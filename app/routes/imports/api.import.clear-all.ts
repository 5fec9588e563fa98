import type { ActionFunctionArgs } from "@remix-run/node";
import { clearCatalogue } from "~/models/imports/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import { apiRefusal, apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { DELETE: ["admin"] };

const m = messages.catalogueImport;

/** DELETE /api/import/clear-all — removes every part, vehicle and fitment; 409 while an import holds them. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  let cleared: ReturnType<typeof clearCatalogue>;
  try {
    cleared = clearCatalogue(user.id);
  } catch (error) {
    // The write lock did not come (another writer held the database): a refusal to try again.
    console.error(m.logClearFailed, error);
    return apiRefuse("busy", m.clearFailed);
  }
  if (!cleared.ok) return apiRefusal(cleared);
  const { parts, vehicles, fitments } = cleared.value;
  return ok({ parts, vehicles, compatibilities: fitments }, m.cleared(parts, vehicles, fitments));
}

export const loader = () => methodNotAllowed();
