import { overviewView } from "~/models/api-views.server";
import { publicOverview } from "~/models/overview.server";
import { ok } from "~/server/api.server";

export function loader() {
  return ok(overviewView(publicOverview()));
}
