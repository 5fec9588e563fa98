import type { LoaderFunctionArgs } from "@remix-run/node";
import { partCodeView } from "~/api/views/part-code";
import { exhaustedAnswer, searchCreditHeaders } from "~/api/views/search";
import { normalizeCode } from "~/utils/codes";
import { lookupPartCode } from "~/models/search/index.server";
import { withCatalogueFacts } from "~/models/catalogue/index.server";
import { methodNotAllowed } from "~/server/api.server";
import { apiRefusal, apiRefuse, edgeRefusal } from "~/server/refusal.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { GET: "signed-in" };

/**
 * GET /api/parts/code/:code — the part whose own code it is, however it is typed (normalised
 * code): `data` is that part; when other manufacturers have a part with the same code, `data` is
 * the first by manufacturer and `same_code` lists the others (ADR 0054). A part that only lists
 * the code as an alternative is not it: 404, as for an unknown code; /api/parts/search finds
 * those. Metered as a code search of the same code; a 404 costs nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  const code = (params.code ?? "").trim().slice(0, 120);
  if (!normalizeCode(code))
    return apiRefusal(edgeRefusal("invalid_input", messages.search.emptyCode, { field: "code" }));

  const outcome = lookupPartCode(user, code);
  if (outcome.status === "not_found") return apiRefuse("not_found", messages.search.noResultCode);
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }
  const { data, same_code } = partCodeView(withCatalogueFacts([outcome.part, ...outcome.sameCode]));
  return Response.json(
    { success: true, data, message: messages.search.foundOne, same_code },
    { headers: searchCreditHeaders(outcome, "code") },
  );
}

export const action = () => methodNotAllowed(access);
