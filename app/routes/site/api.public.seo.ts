import { seoView } from "~/api/views/public";
import { publicSeo } from "~/models/seo/index.server";
import { ok } from "~/server/api.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

export function loader() {
  return ok(seoView(publicSeo()));
}
