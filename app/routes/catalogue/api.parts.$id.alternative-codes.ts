import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { partAlternativeCodeView } from "~/api/views/parts";
import { addAlternativeCode, listAlternativeCodes } from "~/models/catalogue/index.server";
import { apiAlternativeCodeSchema } from "~/schemas/catalogue/part-api";
import { ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: ["admin"], POST: ["admin"] };

const m = messages.parts;

/** GET /api/parts/:id/alternative-codes — the part's alternative codes, in the order they were added. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: codes } = await apiRequest(request, access, {
    record: { id: params.id, load: listAlternativeCodes, notFound: m.notFound },
  });
  return ok(codes.map(partAlternativeCodeView));
}

/** POST /api/parts/:id/alternative-codes {alternative_code, description} */
export async function action({ request, params }: ActionFunctionArgs) {
  const {
    user,
    record: id,
    body,
  } = await apiRequest(request, access, {
    record: pathId(params.id, m.notFound),
    body: apiAlternativeCodeSchema,
  });
  const outcome = addAlternativeCode(id, body, user.id);
  if (!outcome.ok) return apiRefusal(outcome, { fieldName: () => "alternative_code" });
  return ok(partAlternativeCodeView(outcome.value), m.alternativeCodeAdded, 201);
}
