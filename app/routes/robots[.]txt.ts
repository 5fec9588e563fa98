import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/models/seo.server";
import type { Access } from "~/server/access";

export const access: Access = "public";

/** /robots.txt: the admin's text, or the default that keeps crawlers out of the private areas. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
