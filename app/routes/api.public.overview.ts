import { overviewView } from "~/api/views/public";
import { publicOverview } from "~/models/overview.server";
import { ok } from "~/server/api.server";

export function loader() {
  return ok(overviewView(publicOverview()));
}
