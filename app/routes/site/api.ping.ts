import { ok } from "~/server/api.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

export function loader() {
  return ok({ status: "ok", time: new Date().toISOString() }, messages.api.pong);
}
