import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import * as messages from "~/messages";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";
/** A repeat visit gets a 304 (entry.server, ADR 0024). */
export const handle = { etag: true };

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname, title: messages.legal.termsTitle });

export default function Terms() {
  return <LegalPage title={messages.legal.termsTitle} paragraphs={messages.legal.terms} />;
}
