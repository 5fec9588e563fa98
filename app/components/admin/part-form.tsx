import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { Fragment, useRef, useState } from "react";
import { FormErrors, TextField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { GenericErrorPage, refusalText } from "~/components/status-pages";
import {
  ALTERNATIVE_CODE_MAX,
  NOTES_MAX,
  parsePartForm,
  PICKER_INTENT_FIELD,
  PICKER_INTENTS,
  VEHICLE_SEARCH_MAX,
  type PartFormInput,
  type PartFormValue,
  type VehiclePickerState,
} from "~/schemas/part";
import { useHydrated, useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { SelectField, TextAreaField } from "./fields";

const m = messages.parts;

export type VehicleOptionView = {
  id: number;
  brand: string;
  model: string;
  year: number;
  version: string;
  engine: string | null;
};

export type VehiclePickerData = VehiclePickerState & {
  results: { items: VehicleOptionView[]; total: number; page: number; pages: number };
  version: number;
};

export type PartFormDefaults = {
  code?: string;
  name?: string;
  description?: string;
  categoryId?: string;
  manufacturer?: string;
  mercadoLivreLink?: string;
  alternativeCodes?: { code?: string; description?: string }[];
};

export function vehicleLabel(
  vehicle: Pick<VehicleOptionView, "brand" | "model" | "year" | "version" | "engine">,
): string {
  return [`${vehicle.brand} ${vehicle.model} ${vehicle.year}`, vehicle.version, vehicle.engine]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The part's add / edit form: basic information, alternative codes and vehicle compatibility. Every
 * button is a submit button, so the whole form works without JavaScript; with it, Conform adds and
 * removes code rows in the browser and the picker keeps its state across server round trips.
 */
export function PartForm({
  id,
  defaultValue,
  lastResult,
  categories,
  brands,
  picker,
  closeTo,
}: {
  id: string;
  defaultValue: PartFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  categories: { id: number; name: string }[];
  brands: string[];
  picker: VehiclePickerData;
  closeTo: string;
}) {
  const saving = useIsSubmitting();
  const [form, fields] = useForm<PartFormInput, PartFormValue>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parsePartForm(formData),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const codeRows = fields.alternativeCodes.getFieldList();

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {/* Enter in any field saves the part, whatever submit buttons come first. */}
      <button type="submit" hidden tabIndex={-1} />
      <FormErrors errors={form.errors} id={form.errorId} />

      <section aria-labelledby={`${id}-basic`} className="space-y-3">
        <h3 id={`${id}-basic`} className="font-semibold">
          {m.sectionBasic}
        </h3>
        <p className="text-xs text-slate-500">{m.requiredHint}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`${m.code} *`}
            errors={fields.code.errors}
            errorId={fields.code.errorId}
            {...getInputProps(fields.code, { type: "text" })}
            autoComplete="off"
          />
          <TextField
            label={`${m.manufacturer} *`}
            errors={fields.manufacturer.errors}
            errorId={fields.manufacturer.errorId}
            {...getInputProps(fields.manufacturer, { type: "text" })}
          />
        </div>
        <TextField
          label={`${m.name} *`}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
          {...getInputProps(fields.name, { type: "text" })}
        />
        <SelectField
          label={`${m.category} *`}
          errors={fields.categoryId.errors}
          errorId={fields.categoryId.errorId}
          placeholder={m.chooseCategory}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          {...getSelectProps(fields.categoryId)}
        />
        <div>
          <TextField
            label={m.marketplaceLink}
            errors={fields.mercadoLivreLink.errors}
            errorId={fields.mercadoLivreLink.errorId}
            {...getInputProps(fields.mercadoLivreLink, { type: "text" })}
            inputMode="url"
            placeholder="https://"
          />
          <p className="mt-1 text-xs text-slate-500">{m.marketplaceHint}</p>
        </div>
        <TextAreaField
          label={m.description}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
          {...getTextareaProps(fields.description)}
        />
      </section>

      <section aria-labelledby={`${id}-codes`} className="space-y-3">
        <h3 id={`${id}-codes`} className="font-semibold">
          {m.sectionAlternativeCodes}
        </h3>
        <p className="text-xs text-slate-500">{m.alternativeHint}</p>
        {codeRows.length === 0 ? (
          <p className="text-sm text-slate-600">{m.noAlternativeCodes}</p>
        ) : (
          <ol className="space-y-3">
            {codeRows.map((row, index) => {
              const code = row.getFieldset();
              return (
                <li
                  key={row.key}
                  className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
                >
                  <TextField
                    label={m.alternativeCodeN(index + 1)}
                    errors={code.code.errors}
                    errorId={code.code.errorId}
                    {...getInputProps(code.code, { type: "text" })}
                    maxLength={ALTERNATIVE_CODE_MAX}
                    autoComplete="off"
                  />
                  <TextField
                    label={m.alternativeDescriptionN(index + 1)}
                    errors={code.description.errors}
                    errorId={code.description.errorId}
                    {...getInputProps(code.description, { type: "text" })}
                  />
                  <button
                    className="btn-ghost text-red-700"
                    aria-label={m.removeAlternativeCodeN(index + 1)}
                    {...form.remove.getButtonProps({ name: fields.alternativeCodes.name, index })}
                  >
                    {m.removeAlternativeCode}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
        <button
          className="btn-secondary"
          {...form.insert.getButtonProps({ name: fields.alternativeCodes.name })}
        >
          {m.addAlternativeCode}
        </button>
      </section>

      <VehiclePicker
        key={picker.version}
        formId={id}
        picker={picker}
        brands={brands}
        errors={fields.vehicleIds.errors}
      />

      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={closeTo} className="btn-secondary" preventScrollReset>
          {messages.admin.cancel}
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? m.saving : m.save}
        </button>
      </div>
    </Form>
  );
}

function pickerButton(value: string) {
  return { type: "submit" as const, name: PICKER_INTENT_FIELD, value, formNoValidate: true };
}

/**
 * The compatibility section. The checked boxes of the page shown and hidden inputs for the rest of
 * the selection travel with every post, so filtering, paging and "select all" keep the selection.
 */
function VehiclePicker({
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

/** A part that does not exist, inside the app shell (the status is 404). */
function PartNotFound() {
  return (
    <div className="card mx-auto max-w-md p-8 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="mt-3 text-xl font-bold">{m.notFound}</h1>
      <Link to="/parts" className="btn-primary mt-6">
        {m.back}
      </Link>
    </div>
  );
}

/** The error boundary of the part pages: 'Peça não encontrada' for a 404 (in a dialog for the dialog routes). */
export function PartErrorBoundary({ dialogTitle }: { dialogTitle?: string }) {
  const error = useRouteError();
  const location = useLocation();
  if (!isRouteErrorResponse(error) || error.status !== 404)
    return (
      <GenericErrorPage
        href={`${location.pathname}${location.search}`}
        description={refusalText(error)}
      />
    );
  if (!dialogTitle) return <PartNotFound />;
  return (
    <RouteDialog title={dialogTitle} closeTo="/parts">
      <PartNotFound />
    </RouteDialog>
  );
}
