import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/server/auth.server";
import * as messages from "~/messages";
import { toastCookie } from "~/server/toast.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/** Signing out is a POST that deletes the DB session; a GET just goes home. */
export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await logout(request));
  headers.append(
    "Set-Cookie",
    await toastCookie({ type: "info", message: messages.auth.logoutSuccess }),
  );
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
