import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedItemView } from "~/api/views/dashboard";
import { recentActivityFeed } from "~/models/dashboard/index.server";
import { apiActivitySchema } from "~/schemas/search/api-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin", "premium_user"] };

/**
 * GET /api/dashboard/activity?limit — "Atividade Recente", newest first. Admins see everyone's
 * activity; a premium customer sees only their own (other customers' names and searches are
 * private). Hidden from role user, as on the home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const { limit } = requireQuery(request, apiActivitySchema);
  const scope = user.role === "admin" ? {} : { userId: user.id };
  return ok(recentActivityFeed(limit, new Date(), scope).map(feedItemView));
}

export const action = () => methodNotAllowed();
