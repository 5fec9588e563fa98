import { methodNotAllowed } from "~/server/api.server";
import { apiDocsResponse } from "~/server/api-docs.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

/** GET /api/docs — the API reference, read in a browser (ADR 0052). */
export const loader = () => apiDocsResponse();

export const action = () => methodNotAllowed();
