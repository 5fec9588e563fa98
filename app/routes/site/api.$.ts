import { apiRefuse } from "~/server/refusal.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";

/** Unknown /api paths answer in the envelope, not with the HTML 404 page. */
export const loader = () => apiRefuse("not_found", messages.api.notFound);
export const action = () => apiRefuse("not_found", messages.api.notFound);
