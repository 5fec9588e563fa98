import { Fragment, useRef, useState } from "react";
import { useHydrated } from "~/components/hooks";
import {
  NOTES_MAX,
  PICKER_INTENT_FIELD,
  PICKER_INTENTS,
  VEHICLE_SEARCH_MAX,
  type VehiclePickerState,
} from "~/schemas/catalogue/part";
import type { VehicleName } from "~/schemas/catalogue/vehicle-rows";
import * as messages from "~/messages";

const m = messages.parts;

export type VehicleOptionView = Omit<VehicleName, "generation">;

export type VehiclePickerData = VehiclePickerState & {
  results: { items: VehicleOptionView[]; total: number; page: number; pages: number };
  version: number;
};

/** A vehicle as the picker and the part page name it: "Brand Model Year · version · engine". */
export function vehicleLabel(
  vehicle: Pick<VehicleOptionView, "brand" | "model" | "year" | "version" | "engine">,
): string {
  return [`${vehicle.brand} ${vehicle.model} ${vehicle.year}`, vehicle.version, vehicle.engine]
    .filter(Boolean)
    .join(" · ");
}

function pickerButton(value: string) {
  return { type: "submit" as const, name: PICKER_INTENT_FIELD, value, formNoValidate: true };
}

/**
 * The compatibility section. The checked boxes of the page shown and hidden inputs for the rest of
 * the selection travel with every post, so filtering, paging and "select all" keep the selection.
 */
export function VehiclePicker({
  formId,
  picker,
  brands,
  errors,
}: {
  formId: string;
  picker: VehiclePickerData;
  brands: string[];
  errors?: string[];
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(() => new Set(picker.selection));
  const filterButton = useRef<HTMLButtonElement>(null);
  const { results } = picker;
  const shown = new Set(results.items.map((v) => v.id));
  const elsewhere = picker.selection.filter((vehicleId) => !shown.has(vehicleId));
  const toggle = (vehicleId: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(vehicleId);
      else next.delete(vehicleId);
      return next;
    });
  const applyFilter = () => filterButton.current?.click();
  const field = (name: string) => `${formId}-${name}`;

  return (
    <section aria-labelledby={field("vehicles")} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={field("vehicles")} className="font-semibold">
          {m.sectionVehicles}
        </h3>
        <p
          className="text-sm font-medium text-brand-700"
          aria-live="polite"
          data-testid="selected-vehicles"
        >
          {m.selectedCount(selected.size)}
        </p>
      </div>
      {errors?.length ? <p className="field-error">{errors[0]}</p> : null}

      <div className="grid gap-2 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={field("vehicle-search")} className="label">
            {m.vehicleSearch}
          </label>
          <input
            id={field("vehicle-search")}
            name="vehicleSearch"
            type="search"
            className="input"
            defaultValue={picker.search}
            placeholder={m.vehicleSearchPlaceholder}
            maxLength={VEHICLE_SEARCH_MAX}
            autoComplete="off"
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyFilter();
              }
            }}
          />
        </div>
        <div>
          <label htmlFor={field("vehicle-brand")} className="label">
            {m.vehicleBrand}
          </label>
          <select
            id={field("vehicle-brand")}
            name="vehicleBrand"
            className="input"
            defaultValue={picker.brand}
            onChange={applyFilter}
          >
            <option value="">{m.allBrands}</option>
            {brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 self-end py-2 text-sm">
          <input
            type="checkbox"
            name="onlySelected"
            className="size-4"
            defaultChecked={picker.onlySelected}
            onChange={applyFilter}
          />
          {m.onlySelected}
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          ref={filterButton}
          className="btn-secondary"
          {...pickerButton(PICKER_INTENTS.filter)}
        >
          {m.applyVehicleFilter}
        </button>
        <button className="btn-ghost" {...pickerButton(PICKER_INTENTS.clearFilters)}>
          {m.clearVehicleFilters}
        </button>
        <button className="btn-ghost" {...pickerButton(PICKER_INTENTS.selectFiltered)}>
          {m.selectFiltered}
        </button>
        <button className="btn-ghost" {...pickerButton(PICKER_INTENTS.clearFiltered)}>
          {m.clearFiltered}
        </button>
      </div>
      <input type="hidden" name="vehiclePage" value={results.page} />

      <p className="text-sm text-slate-600">{m.filteredCount(results.total)}</p>
      {results.items.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{m.noVehicles}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {results.items.map((vehicle) => {
            const label = vehicleLabel(vehicle);
            const checked = selected.has(vehicle.id);
            return (
              <li
                key={vehicle.id}
                className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
              >
                <label className="flex flex-1 items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="vehicleIds"
                    value={vehicle.id}
                    className="mt-0.5 size-4 shrink-0"
                    defaultChecked={picker.selection.includes(vehicle.id)}
                    onChange={(event) => toggle(vehicle.id, event.target.checked)}
                  />
                  <span>{label}</span>
                </label>
                {(!hydrated || checked) && (
                  <input
                    name={`fitmentNotes.${vehicle.id}`}
                    className="input py-1 text-sm sm:w-44"
                    defaultValue={picker.notes[String(vehicle.id)] ?? ""}
                    placeholder={m.fitmentNotes}
                    aria-label={m.fitmentNotesFor(label)}
                    maxLength={NOTES_MAX}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {elsewhere.map((vehicleId) => (
        <Fragment key={vehicleId}>
          <input type="hidden" name="vehicleIds" value={vehicleId} />
          {picker.notes[String(vehicleId)] && (
            <input
              type="hidden"
              name={`fitmentNotes.${vehicleId}`}
              value={picker.notes[String(vehicleId)]}
            />
          )}
        </Fragment>
      ))}

      {results.pages > 1 && (
        <nav
          aria-label={m.vehiclePagination}
          className="flex items-center justify-between gap-2 text-sm"
        >
          <button
            className="btn-secondary"
            disabled={results.page <= 1}
            {...pickerButton(`${PICKER_INTENTS.pagePrefix}${results.page - 1}`)}
          >
            {m.previous}
          </button>
          <span>{m.pageOf(results.page, results.pages)}</span>
          <button
            className="btn-secondary"
            disabled={results.page >= results.pages}
            {...pickerButton(`${PICKER_INTENTS.pagePrefix}${results.page + 1}`)}
          >
            {m.next}
          </button>
        </nav>
      )}
    </section>
  );
}
