import { useLocation } from "@remix-run/react";
import type { SeoHead } from "~/utils/seo-meta";

/**
 * The page's structured data (ADR 0058): the JSON-LD the root loader made for the requested
 * public page (the landing, a plan), already escaped there so nothing in it can close the
 * element — this only writes it, keeping every page's JavaScript small. A JSON-LD block is a data
 * block that the browser never runs, so the CSP's script rules do not apply and it carries no
 * nonce. After a client-side navigation to another page it is left out.
 */
export function StructuredData({ head }: { head: SeoHead | undefined }) {
  const { pathname } = useLocation();
  const page = head?.page;
  if (!page?.structuredData || page.path !== pathname) return null;
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: page.structuredData }} />
  );
}
