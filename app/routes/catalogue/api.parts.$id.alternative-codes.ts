import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partAlternativeCodeView } from "~/api/views/parts";
import { addAlternativeCode, listAlternativeCodes } from "~/models/catalogue/index.server";
import { parsePathId } from "~/schemas/api-search";
import { apiAlternativeCodeSchema } from "~/schemas/part-api";
import { fail, methodNotAllowed, ok, parseJsonBody } from "~/server/api.server";
import { apiRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.parts;

/** GET /api/parts/:id/alternative-codes — the part's alternative codes, in the order they were added. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const id = parsePathId(params.id);
  const codes = id === null ? undefined : listAlternativeCodes(id);
  if (!codes) return fail(m.notFound, 404);
  return ok(codes.map(partAlternativeCodeView));
}

/** POST /api/parts/:id/alternative-codes {alternative_code, description} */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parsePathId(params.id);
  if (id === null) return fail(m.notFound, 404);
  const body = await parseJsonBody(request, apiAlternativeCodeSchema);
  if (!body.ok) return body.response;
  const outcome = addAlternativeCode(id, body.value, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: () => "alternative_code" });
  return ok(partAlternativeCodeView(outcome.value), m.alternativeCodeAdded, 201);
}
