import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { MaxPartSizeExceededError } from "@remix-run/node";
import {
  exhaustedAnswer,
  foundMessage,
  imageSearchView,
  searchCreditHeaders,
} from "~/api/views/search";
import { searchReadCodes } from "~/models/search/index.server";
import { withCatalogueFacts } from "~/models/catalogue/index.server";
import { IMAGE_MAX_BYTES, imageSearchSchema } from "~/schemas/search/image-search";
import { methodNotAllowed, ok } from "~/server/api.server";
import { readForm } from "~/server/forms.server";
import { requireApiAccess } from "~/server/guard.server";
import { photoAdmission, readCodesFromImage } from "~/server/search/ocr/read-codes.server";
import { apiRefusal, apiRefusalOf, apiRefuse } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = { POST: "signed-in" };

const m = messages.search;

/**
 * POST /api/search/image (multipart, field `image`) — reads the part code printed on a photo and
 * searches it like a typed code, metered the same way (one credit only when a part is found).
 * `data` holds what was read (`reading`) and the parts found; credits travel in X-* headers.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireApiAccess(request, access);
  // A user with a photo still reading, or a full lane, is answered before the upload is read.
  const admission = photoAdmission(user.id);
  if (!admission.ok) return apiRefusal(admission);
  let form: FormData;
  try {
    form = await readForm(request, { maxPartSize: IMAGE_MAX_BYTES, fileField: "image" });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return apiRefuse("too_large", m.imageTooLarge);
    if (error instanceof Response) return apiRefusalOf(error);
    throw error;
  }
  const submission = parseWithZod(form, { schema: imageSearchSchema });
  if (submission.status !== "success") {
    const errors = { image: submission.error?.image ?? [m.imageRequired] };
    return apiRefuse("invalid_input", errors.image[0] ?? m.imageRequired, errors);
  }
  // One photo at a time per user, within the process's OCR lane and time limit (ADR 0026).
  const reading = await readCodesFromImage(
    new Uint8Array(await submission.value.image.arrayBuffer()),
    { owner: user.id },
  );
  if (!reading.ok) return apiRefusal(reading);

  const outcome = searchReadCodes(user, reading.value.codes);
  if (outcome.status === "exhausted") {
    const spent = exhaustedAnswer(outcome.stats);
    return Response.json(spent.body, spent.init);
  }
  const reply = imageSearchView(
    outcome.reading,
    reading.value.codes,
    withCatalogueFacts(outcome.hits),
  );
  return ok(
    reply,
    foundMessage(outcome.hits.length, "code"),
    200,
    searchCreditHeaders(outcome, "image"),
  );
}

export const loader = () => methodNotAllowed();
