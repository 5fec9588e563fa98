import type { LoaderFunctionArgs } from "@remix-run/node";
import { topSearchView } from "~/api/views/dashboard";
import { topSearches } from "~/models/dashboard/index.server";
import { apiTopSearchesSchema } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin", "premium_user"] };

/**
 * GET /api/dashboard/top-searches?days&limit — "Buscas Populares": the parts searched most in the
 * last N São Paulo days. Hidden from role user, as on the home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  return ok(topSearches(requireQuery(request, apiTopSearchesSchema)).map(topSearchView));
}

export const action = () => methodNotAllowed();
