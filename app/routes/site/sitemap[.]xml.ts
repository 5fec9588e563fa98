import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapEntries } from "~/models/seo/index.server";
import type { Access } from "~/server/access";
import { edgeRefusal, refusalResponse } from "~/server/refusal.server";
import { conditionalText } from "~/server/validators.server";
import { sitemapXml } from "~/utils/sitemap-xml";
import * as messages from "~/messages";

export const access: Access = "public";

/** /sitemap.xml: the public pages (ADR 0021); a 404 while the admin has the sitemap off. */
export function loader({ request }: LoaderFunctionArgs) {
  const entries = sitemapEntries(new URL(request.url).origin);
  if (!entries)
    return refusalResponse(edgeRefusal("not_found", messages.seo.sitemapDisabled), {
      "Content-Type": "text/plain; charset=utf-8",
    });
  return conditionalText(request, sitemapXml(entries), {
    contentType: "application/xml; charset=utf-8",
    cacheControl: "public, max-age=3600",
  });
}
