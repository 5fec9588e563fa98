import { overviewView } from "~/api/views/public";
import { publicOverview } from "~/models/dashboard/index.server";
import { ok } from "~/server/api.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

export function loader() {
  return ok(overviewView(publicOverview()));
}
