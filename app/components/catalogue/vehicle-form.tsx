import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { DialogForm } from "~/components/admin/dialog-actions";
import { Field, SelectField } from "~/components/form-fields";
import {
  BODY_TYPE_OPTIONS,
  FIELD_MAX,
  FUEL_OPTIONS,
  TRANSMISSION_OPTIONS,
  vehicleSchema,
  YEAR_MAX,
  YEAR_MIN,
  type VehicleType,
} from "~/schemas/catalogue/catalogue";
import * as messages from "~/messages";

const m = messages.catalogue;

export type VehicleFormValues = {
  brand: string;
  model: string;
  year: number | string;
  version: string;
  generation: string | null;
  engine: string | null;
  fuel: string | null;
  transmission: string | null;
  body_type: string | null;
  vehicle_type: VehicleType;
};

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const typeOptions = (Object.entries(m.vehicleTypes) as [VehicleType, string][]).map(
  ([value, label]) => ({ value, label }),
);

/** The add/edit vehicle dialog. Brands come from the brand list (and the vehicle's own, when editing). */
export function VehicleFormDialog({
  title,
  closeTo,
  lastResult,
  defaultValue,
  brands,
}: {
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: Partial<VehicleFormValues> & { vehicle_type: VehicleType };
  brands: string[];
}) {
  const [form, fields] = useForm({
    id: "vehicle-form",
    lastResult,
    defaultValue: Object.fromEntries(
      Object.entries(defaultValue).map(([key, value]) => [
        key,
        value === null || value === undefined ? "" : String(value),
      ]),
    ),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: vehicleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = (name: "model" | "version" | "generation" | "engine", label: string) => (
    <Field meta={fields[name]} label={label} maxLength={FIELD_MAX} autoComplete="off" />
  );
  const select = (
    name: "fuel" | "transmission" | "body_type",
    label: string,
    options: readonly string[],
  ) => (
    <SelectField
      meta={fields[name]}
      label={label}
      options={asOptions(options)}
      placeholder={m.notInformed}
    />
  );
  return (
    <DialogForm title={title} closeTo={closeTo} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          meta={fields.brand}
          label={m.brand}
          options={asOptions(brands)}
          placeholder={m.choose}
        />
        {text("model", m.model)}
        <Field
          meta={fields.year}
          type="number"
          label={m.year}
          min={YEAR_MIN}
          max={YEAR_MAX}
          inputMode="numeric"
        />
        {text("version", m.version)}
        {text("generation", m.generation)}
        {text("engine", m.engine)}
        {select("fuel", m.fuel, FUEL_OPTIONS)}
        {select("transmission", m.transmission, TRANSMISSION_OPTIONS)}
        {select("body_type", m.bodyType, BODY_TYPE_OPTIONS)}
        <SelectField meta={fields.vehicle_type} label={m.vehicleTypeLabel} options={typeOptions} />
      </div>
    </DialogForm>
  );
}
