import { ok } from "~/server/api.server";
import { messages } from "~/utils/messages";

export function loader() {
  return ok({ status: "ok", time: new Date().toISOString() }, messages.api.pong);
}
