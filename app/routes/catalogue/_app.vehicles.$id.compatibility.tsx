import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { useListHref } from "~/components/catalogue/list-href";
import { RouteDialog } from "~/components/route-dialog";
import {
  compatiblePartIds,
  getVehicle,
  partsByIds,
  type PickerPart,
  searchPartsForPicker,
  setVehicleParts,
  vehicleLabel,
} from "~/models/catalogue/index.server";
import { FIELD_MAX, readCompatibilityForm } from "~/schemas/catalogue/catalogue";
import { refusalData, throwRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.compatibility} — Encaixa` }];

const vehicleOr404 = (raw: string | undefined) => recordOr404(raw, getVehicle, m.vehicleNotFound);

/** What the dialog shows: the checked parts, and one page of the parts search. */
async function pickerState(selectedIds: number[], q: string, page: number, error?: string) {
  return {
    selected: partsByIds(selectedIds),
    q,
    results: await searchPartsForPicker(q, page),
    error: error ?? null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const vehicle = vehicleOr404(params.id);
  return {
    label: vehicleLabel(vehicle),
    state: await pickerState(compatiblePartIds(vehicle.id), "", 1),
  };
}

/**
 * One form for the whole dialog, so it works without JavaScript: a search or a page of results
 * re-renders it with the checked parts kept; saving replaces the vehicle's fitments.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const vehicle = vehicleOr404(params.id);
  const form = readCompatibilityForm(await readForm(request));
  if (form.intent.action === "search")
    return { state: await pickerState(form.partIds, form.q, form.intent.page) };
  const result = setVehicleParts(vehicle.id, form.partIds, admin.id);
  if (!result.ok) {
    if (result.reason === "not_found") throwRefusal(result);
    return refusalData(
      { state: await pickerState(form.partIds, form.q, 1, result.message) },
      result.reason,
    );
  }
  return redirectWithToast(`/vehicles${new URL(request.url).search}`, {
    type: "success",
    message: m.compatibilitySaved,
  });
}

function PartText({ part }: { part: PickerPart }) {
  return (
    <span>
      <span className="font-mono font-semibold">{part.code}</span> — {part.name}
      <span className="block text-xs text-slate-500">
        {part.manufacturer} · {part.categoryName ?? m.noCategory}
      </span>
    </span>
  );
}

export default function VehicleCompatibility() {
  const { label, state: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData?.state ?? initial;
  const closeTo = useListHref("/vehicles");
  const busy = useIsSubmitting();
  const selectedIds = new Set(state.selected.map((part) => part.id));
  const { items, total, page, pages } = state.results;
  // Checkboxes are uncontrolled: a new answer from the server remounts the form with its selection.
  const revision = `${state.q}|${page}|${[...selectedIds].join(",")}`;
  return (
    <RouteDialog title={m.compatibilityTitle(label)} closeTo={closeTo}>
      <p className="text-sm text-slate-600">{m.compatibilityHint}</p>
      {state.error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {state.error}
        </p>
      )}
      <Form method="post" key={revision} className="mt-4 space-y-5">
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="compat-q" className="label">
              {m.searchPartsLabel}
            </label>
            <input
              id="compat-q"
              name="q"
              type="search"
              defaultValue={state.q}
              className="input"
              maxLength={FIELD_MAX}
              autoComplete="off"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="search"
            className="btn-secondary"
            disabled={busy}
          >
            {m.searchPartsButton}
          </button>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold">{m.partsResults(total)}</legend>
          {items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{m.noPartsFound}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {items.map((part) => (
                <li key={part.id} className="px-3 py-2 text-sm">
                  {selectedIds.has(part.id) ? (
                    <div className="flex items-start justify-between gap-2">
                      <PartText part={part} />
                      <span className="shrink-0 text-xs font-semibold text-emerald-700">
                        {m.alreadySelected}
                      </span>
                    </div>
                  ) : (
                    <label className="flex cursor-pointer items-start gap-2">
                      <input type="checkbox" name="partId" value={part.id} className="mt-1" />
                      <PartText part={part} />
                    </label>
                  )}
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <div className="mt-2 flex items-center justify-between gap-2 text-sm">
              <button
                type="submit"
                name="intent"
                value={`page:${page - 1}`}
                className="btn-secondary"
                disabled={busy || page <= 1}
              >
                {messages.search.previous}
              </button>
              <span>{m.partsPage(page, pages)}</span>
              <button
                type="submit"
                name="intent"
                value={`page:${page + 1}`}
                className="btn-secondary"
                disabled={busy || page >= pages}
              >
                {messages.search.next}
              </button>
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold">
            {m.selectedParts(state.selected.length)}
          </legend>
          {state.selected.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{m.noSelectedParts}</p>
          ) : (
            <ul className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
              {state.selected.map((part) => (
                <li key={part.id} className="px-3 py-2 text-sm">
                  <label className="flex cursor-pointer items-start gap-2">
                    <input
                      type="checkbox"
                      name="partId"
                      value={part.id}
                      defaultChecked
                      className="mt-1"
                    />
                    <PartText part={part} />
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <DialogActions closeTo={closeTo} busy={busy} name="intent" value="save" />
      </Form>
    </RouteDialog>
  );
}
