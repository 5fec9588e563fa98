import { useLocation } from "@remix-run/react";
import type { SeoHead } from "~/utils/seo-meta";
import { useNonce } from "./nonce";

/**
 * The page's structured data (ADR 0058), in the document's head: the JSON-LD the root loader
 * made for the requested public page (the landing, a plan), already escaped there so nothing in
 * it can close the element — this only writes it, keeping every page's JavaScript small. A JSON-LD
 * block is data, never run, yet it carries the response's CSP nonce like every script. After a
 * client-side navigation to another page it is left out.
 */
export function StructuredData({ head }: { head: SeoHead | undefined }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const page = head?.page;
  if (!page?.structuredData || page.path !== pathname) return null;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: page.structuredData }}
    />
  );
}
