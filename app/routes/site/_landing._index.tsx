import type { MetaFunction } from "@remix-run/node";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname });

export default function LandingIndex() {
  return null;
}
