import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { TEST_PARAM, type TeaserData } from "~/components/code-teaser";
import { codeTeaser } from "~/models/search/index.server";
import { clientIp } from "~/server/auth.server";
import { refusalData } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname });

/**
 * The hero's "Testar" box (ADR 0057): `/?teste=<code>` answers what the catalogue knows of the
 * code — name, category, how many vehicles — for the whole page (JavaScript off) or for the box's
 * fetcher alone (`/?index&teste=`). Throttled per client address (429 with Retry-After, the
 * message on the page); a code too long is a 400. No credit, no search log.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get(TEST_PARAM);
  if (typed === null) return data<TeaserData>({ teaser: null });
  const teaser = codeTeaser(typed, clientIp(context));
  if (teaser.status === "throttled")
    return refusalData<TeaserData>({ teaser }, "rate_limited", {
      "Retry-After": String(teaser.retryAfterSeconds),
    });
  if (teaser.status === "too_long") return refusalData<TeaserData>({ teaser }, "invalid_input");
  return data<TeaserData>({ teaser });
}

/** A throttled test's Retry-After reaches the page's answer too (not only the box's fetch). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** The page is the landing layout's; the box reads this route's answer (components/code-teaser). */
export default function LandingIndex() {
  return null;
}
