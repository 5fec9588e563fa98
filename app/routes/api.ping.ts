import { ok } from "~/server/api.server";
import * as messages from "~/messages";

export function loader() {
  return ok({ status: "ok", time: new Date().toISOString() }, messages.api.pong);
}
