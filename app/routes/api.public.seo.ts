import { seoView } from "~/api/views/public";
import { publicSeo } from "~/models/seo.server";
import { ok } from "~/server/api.server";

export function loader() {
  return ok(seoView(publicSeo()));
}
