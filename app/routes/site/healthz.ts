import { cachedStatement } from "~/utils/db.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

export function loader() {
  cachedStatement("select 1").get();
  return new Response("ok", {
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
