import { fail } from "~/server/api.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";

/** Unknown /api paths answer in the envelope, not with the HTML 404 page. */
export const loader = () => fail(messages.api.notFound, 404);
export const action = () => fail(messages.api.notFound, 404);
