import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { Field, FormErrors, SelectField, TextareaField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { GenericErrorPage, refusalText } from "~/components/status-pages";
import {
  ALTERNATIVE_CODE_MAX,
  parsePartForm,
  type PartFormInput,
  type PartFormValue,
} from "~/schemas/catalogue/part";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { VehiclePicker, type VehiclePickerData } from "./vehicle-picker";

const m = messages.parts;

export type PartFormDefaults = {
  code?: string;
  name?: string;
  description?: string;
  categoryId?: string;
  manufacturer?: string;
  mercadoLivreLink?: string;
  alternativeCodes?: { code?: string; description?: string }[];
};

/**
 * A part's dialog, new or edit: the form over what the loader gave (lists, values, the way back),
 * the action's answer over it when there is one (its errors and the picker as it was sent).
 */
export function PartFormDialog({
  id,
  title,
  loaded,
  answer,
}: {
  id: string;
  title: string;
  loaded: {
    defaultValue: PartFormDefaults;
    categories: { id: number; name: string }[];
    brands: string[];
    picker: VehiclePickerData;
    back: string;
  };
  answer?: { result?: SubmissionResult<string[]> | null; picker?: VehiclePickerData };
}) {
  return (
    <RouteDialog title={title} closeTo={loaded.back}>
      <PartForm
        id={id}
        defaultValue={loaded.defaultValue}
        lastResult={answer?.result}
        categories={loaded.categories}
        brands={loaded.brands}
        picker={answer?.picker ?? loaded.picker}
        closeTo={loaded.back}
      />
    </RouteDialog>
  );
}

/**
 * The part's add / edit form: basic information, alternative codes and vehicle compatibility. Every
 * button is a submit button, so the whole form works without JavaScript; with it, Conform adds and
 * removes code rows in the browser and the picker keeps its state across server round trips.
 */
function PartForm({
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
          <Field meta={fields.code} label={`${m.code} *`} autoComplete="off" />
          <Field meta={fields.manufacturer} label={`${m.manufacturer} *`} />
        </div>
        <Field meta={fields.name} label={`${m.name} *`} />
        <SelectField
          meta={fields.categoryId}
          label={`${m.category} *`}
          placeholder={m.chooseCategory}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <div>
          <Field
            meta={fields.mercadoLivreLink}
            label={m.marketplaceLink}
            inputMode="url"
            placeholder="https://"
          />
          <p className="mt-1 text-xs text-slate-500">{m.marketplaceHint}</p>
        </div>
        <TextareaField meta={fields.description} label={m.description} />
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
                  <Field
                    meta={code.code}
                    label={m.alternativeCodeN(index + 1)}
                    maxLength={ALTERNATIVE_CODE_MAX}
                    autoComplete="off"
                  />
                  <Field meta={code.description} label={m.alternativeDescriptionN(index + 1)} />
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
