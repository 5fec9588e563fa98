import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/utils/env.server";

export const toastSchema = z.object({
  type: z.enum(["success", "info", "warning", "error"]).default("info"),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

const flashCookie = () =>
  createCookie("__flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().COOKIE_SECURE ?? env().NODE_ENV === "production",
    secrets: [env().SESSION_SECRET],
    maxAge: 60,
  });

export async function toastCookie(toast: Toast) {
  return flashCookie().serialize(toast);
}

/** Redirects with a one-shot notice that the next page shows once. */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads and consumes the notice: the returned header clears the cookie. */
export async function takeToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("__flash=")) return { toast: null, headers };
  const raw = await flashCookie().parse(cookieHeader);
  const parsed = toastSchema.safeParse(raw);
  headers.append(
    "Set-Cookie",
    await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }),
  );
  return { toast: parsed.success ? parsed.data : null, headers };
}
