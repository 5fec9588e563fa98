import { db } from "~/utils/db.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

export function loader() {
  db().$client.prepare("select 1").get();
  return new Response("ok", {
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
