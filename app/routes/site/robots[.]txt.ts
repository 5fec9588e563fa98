import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/models/seo/index.server";
import type { Access } from "~/server/access";
import { conditionalText } from "~/server/validators.server";

export const access: Access = "public";

/** /robots.txt: the admin's text, or the default that keeps crawlers out of the private areas. */
export function loader({ request }: LoaderFunctionArgs) {
  return conditionalText(request, robotsTxt(new URL(request.url).origin), {
    contentType: "text/plain; charset=utf-8",
    cacheControl: "public, max-age=3600",
  });
}
