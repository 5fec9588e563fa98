import type { ActionFunctionArgs } from "@remix-run/node";
import { partAlternativeCodeView } from "~/api/views/parts";
import { removeAlternativeCode } from "~/models/catalogue/index.server";
import { methodNotAllowed, ok } from "~/server/api.server";
import { apiRequest, pathId } from "~/server/api-request.server";
import { apiRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { DELETE: ["admin"] };

const m = messages.parts;

export const loader = () => methodNotAllowed();

/** DELETE /api/parts/:id/alternative-codes/:code — the code as typed in any form ("TRW-BR123", "trw br123"). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, record: id } = await apiRequest(request, access, {
    record: pathId(params.id, m.notFound),
  });
  const outcome = removeAlternativeCode(id, (params.code ?? "").slice(0, 200), user.id);
  if (!outcome.ok) return apiRefusal(outcome);
  return ok(partAlternativeCodeView(outcome.value), m.alternativeCodeRemoved);
}
