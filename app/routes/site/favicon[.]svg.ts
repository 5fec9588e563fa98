import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicSeo } from "~/models/seo/index.server";
import type { Access } from "~/server/access";
import { conditionalText } from "~/server/validators.server";
import { faviconSvg } from "~/utils/favicon-svg";

export const access: Access = "public";

/**
 * /favicon.svg: the logo initials of the SEO settings on the brand's square, the icon of every
 * page while the admin has not named one of their own (`favicon_url`).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return conditionalText(request, faviconSvg(publicSeo().logoInitials), {
    contentType: "image/svg+xml",
    cacheControl: "public, max-age=3600",
  });
}
