import { planView } from "~/api/views/plans";
import { listPlans } from "~/models/payments/index.server";
import { ok } from "~/server/api.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

/** Public: the landing's pricing grid reads it before anyone signs in. */
export function loader() {
  return ok(listPlans({ status: "active" }).map(planView));
}
