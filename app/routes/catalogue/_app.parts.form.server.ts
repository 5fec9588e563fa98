import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  parsePartForm,
  partListSearch,
  pickerIntent,
  readVehiclePicker,
  type PickerIntent,
  type VehiclePickerState,
} from "~/schemas/catalogue/part";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { FAILURE_STATUS, logFailure } from "~/server/failure.server";
import { refusalReplyOptions, refusalStatus, throwRefusal } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  createPart,
  filteredVehicleIds,
  marketplaceSearchLink,
  partCategoryOptions,
  type PartDetail,
  type SavedPart,
  updatePart,
  vehicleBrandNames,
  vehiclePickerPage,
  type VehiclePickerPage,
} from "~/models/catalogue/index.server";

/**
 * The part form's round trip, shared by the create and edit dialogs: a picker button re-renders
 * the form with the picker moved on and every value kept; a save validates, writes and either
 * hands back the saved part or the form with its pt-BR messages.
 */

export type VehiclePickerView = VehiclePickerState & {
  results: VehiclePickerPage;
  /** Changes on every server answer, so the picker's uncontrolled inputs take the new state. */
  version: number;
};

export function vehiclePickerView(state: VehiclePickerState, version = 0): VehiclePickerView {
  return { ...state, results: vehiclePickerPage(state, state.selection, state.page), version };
}

/** The picker as a dialog opens: no filters, the part's vehicles (and their notes) selected. */
export function initialVehiclePicker(part?: Pick<PartDetail, "fitments">): VehiclePickerView {
  const notes: Record<string, string> = {};
  for (const fitment of part?.fitments ?? [])
    if (fitment.notes) notes[String(fitment.vehicleId)] = fitment.notes;
  return vehiclePickerView({
    search: "",
    brand: "",
    onlySelected: false,
    page: 1,
    selection: part?.fitments.map((f) => f.vehicleId) ?? [],
    notes,
  });
}

/**
 * The edit form's starting values. A link that is still the generated marketplace search shows
 * empty, so changing the code also moves the link to the new code. At least one code row shows.
 */
export function partFormDefaults(part?: PartDetail) {
  if (!part) return { alternativeCodes: [{ code: "", description: "" }] };
  const generated = part.mercadoLivreLink === marketplaceSearchLink(part.code);
  return {
    code: part.code,
    name: part.name,
    description: part.description ?? "",
    categoryId: part.categoryId ? String(part.categoryId) : "",
    manufacturer: part.manufacturer,
    mercadoLivreLink: generated ? "" : (part.mercadoLivreLink ?? ""),
    alternativeCodes:
      part.alternativeCodes.length > 0
        ? part.alternativeCodes.map((c) => ({ code: c.code, description: c.description ?? "" }))
        : [{ code: "", description: "" }],
  };
}

/** The part list a dialog goes back to, with the list's filters from the request's query. */
export function partListBackUrl(request: Request): string {
  return `/parts${partListSearch(new URL(request.url).searchParams)}`;
}

/** What a part dialog opens with: the form's choices, its starting values and picker, the way back. */
export function partDialogData(request: Request, part?: PartDetail) {
  return {
    categories: partCategoryOptions(),
    brands: vehicleBrandNames(),
    picker: initialVehiclePicker(part),
    defaultValue: partFormDefaults(part),
    back: partListBackUrl(request),
  };
}

export function applyPickerIntent(
  state: VehiclePickerState,
  intent: PickerIntent,
): VehiclePickerState {
  switch (intent.type) {
    case "filter":
      return { ...state, page: 1 };
    case "page":
      return { ...state, page: intent.page };
    case "clearFilters":
      return { ...state, search: "", brand: "", onlySelected: false, page: 1 };
    case "selectFiltered": {
      const selection = [
        ...new Set([...state.selection, ...filteredVehicleIds(state, state.selection)]),
      ];
      return { ...state, selection };
    }
    case "clearFiltered": {
      const removed = new Set(filteredVehicleIds(state, state.selection));
      const notes = Object.fromEntries(
        Object.entries(state.notes).filter(([id]) => !removed.has(Number(id))),
      );
      return { ...state, selection: state.selection.filter((id) => !removed.has(id)), notes };
    }
  }
}

export type PartFormOutcome =
  | { type: "saved"; part: SavedPart }
  | {
      type: "render";
      status: number;
      result: SubmissionResult<string[]>;
      picker: VehiclePickerView;
    };

/** Handles a post of the part form: `partId` edits that part, none creates one. */
export async function submitPartForm(
  request: Request,
  options: { partId?: number; actorId: number },
): Promise<PartFormOutcome> {
  const formData = await readForm(request);
  const submission = parsePartForm(formData);
  const intent = pickerIntent(formData);
  const picker = intent
    ? applyPickerIntent(readVehiclePicker(formData), intent)
    : readVehiclePicker(formData);
  const render = (result: SubmissionResult<string[]>, status: number): PartFormOutcome => ({
    type: "render",
    status,
    result,
    picker: vehiclePickerView(picker, Date.now()),
  });

  // The code rows come as alternativeCodes[i].code: one value under the list's own name is no
  // post of our form, and the form could not show it again (Conform wants a list there).
  if (!Array.isArray(submission.payload.alternativeCodes ?? [])) {
    const reply = { formErrors: [messages.formPost.unreadable], hideFields: ["alternativeCodes"] };
    return render(submission.reply(reply), refusalStatus({ reason: "invalid_input" }));
  }
  // A picker button, or a Conform list button (add / remove an alternative code row) without JavaScript.
  if (intent || submission.status === undefined) return render(submission.reply(), 200);
  if (submission.status !== "success")
    return render(submission.reply(), refusalStatus({ reason: "invalid_input" }));

  const { partId } = options;
  let outcome: ReturnType<typeof createPart>;
  try {
    outcome =
      partId === undefined
        ? createPart(submission.value, options.actorId)
        : updatePart(partId, submission.value, options.actorId);
  } catch (error) {
    // The database refused the write: logged, the form kept with the spec's text (ADR 0062).
    logFailure("/parts", error);
    const failed =
      partId === undefined ? messages.failures.partCreate : messages.failures.partUpdate;
    return render(submission.reply({ formErrors: [failed] }), FAILURE_STATUS);
  }
  if (outcome.ok) return { type: "saved", part: outcome.value };
  // The part went while its dialog was open: the page says so, as the dialog's loader would.
  if (outcome.reason === "not_found") throwRefusal(outcome);
  return render(submission.reply(refusalReplyOptions(outcome)), refusalStatus(outcome));
}

/**
 * A part dialog's action: `submitPartForm`, then back to the list with the `success` notice once
 * saved, or the form again (its errors and the picker as it was sent).
 */
export async function answerPartForm(
  request: Request,
  options: { partId?: number; actorId: number; success: string },
) {
  const { success, ...save } = options;
  const outcome = await submitPartForm(request, save);
  if (outcome.type === "saved")
    return redirectWithToast(partListBackUrl(request), { type: "success", message: success });
  return data({ result: outcome.result, picker: outcome.picker }, { status: outcome.status });
}
