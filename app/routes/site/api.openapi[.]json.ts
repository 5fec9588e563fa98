import { openApiDocument } from "~/api/openapi.server";
import { methodNotAllowed } from "~/server/api.server";
import { openApiResponse } from "~/server/api-docs.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: "public" };

/** GET /api/openapi.json — the OpenAPI 3.1 contract of every /api endpoint (ADR 0052). */
export const loader = () => openApiResponse(openApiDocument().json);

export const action = () => methodNotAllowed();
