import type { SubmissionResult } from "@conform-to/react";
import { Field, SelectField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import { BRAZIL_STATES, companyFormSchema, type CompanyInput } from "~/schemas/company/company";
import { formatCnpj } from "~/utils/cnpj";
import { formatCep, formatPhone } from "~/utils/contact";
import * as messages from "~/messages";
import { SettingsForm, SettingsSection } from "./settings-section";

const m = messages.company;

/** What the form starts from: the saved identity (null = not set) and when it was saved. */
export type CompanyFormSettings = CompanyInput & { updatedAt: string | null };

const stateOptions = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

/** The company identity form of the dashboard's "Empresa" tab (posts `intent=company`). */
export function CompanyForm({
  settings,
  reply,
}: {
  settings: CompanyFormSettings;
  reply: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(companyFormSchema, {
    id: "company-settings",
    lastResult: reply,
    // Shown as people write them: the CNPJ, CEP and phone with their masks.
    defaultValue: {
      legalName: settings.legalName ?? "",
      cnpj: settings.cnpj ? formatCnpj(settings.cnpj) : "",
      address: settings.address ?? "",
      city: settings.city ?? "",
      state: settings.state ?? "",
      postalCode: settings.postalCode ? formatCep(settings.postalCode) : "",
      email: settings.email ?? "",
      whatsapp: settings.whatsapp ? formatPhone(settings.whatsapp) : "",
    },
  });

  return (
    <SettingsForm
      tab="empresa"
      intent="company"
      form={form}
      texts={m}
      updatedAt={settings.updatedAt}
    >
      <SettingsSection title={m.sections.identity}>
        <Field
          meta={fields.legalName}
          label={m.fields.legalName}
          hint={m.hints.legalName}
          autoComplete="organization"
        />
        <Field
          meta={fields.cnpj}
          label={m.fields.cnpj}
          hint={m.hints.cnpj}
          autoComplete="off"
          placeholder="00.000.000/0000-00"
        />
      </SettingsSection>

      <SettingsSection title={m.sections.address}>
        <Field
          meta={fields.address}
          label={m.fields.address}
          hint={m.hints.address}
          autoComplete="street-address"
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem_10rem]">
          <Field meta={fields.city} label={m.fields.city} autoComplete="address-level2" />
          <SelectField
            meta={fields.state}
            label={m.fields.state}
            options={stateOptions}
            placeholder={m.statePlaceholder}
            autoComplete="address-level1"
          />
          <Field
            meta={fields.postalCode}
            label={m.fields.postalCode}
            hint={m.hints.postalCode}
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </div>
      </SettingsSection>

      <SettingsSection title={m.sections.contact}>
        <Field
          meta={fields.email}
          type="email"
          label={m.fields.email}
          hint={m.hints.email}
          autoComplete="email"
        />
        <Field
          meta={fields.whatsapp}
          type="tel"
          label={m.fields.whatsapp}
          hint={m.hints.whatsapp}
          autoComplete="tel"
        />
      </SettingsSection>
    </SettingsForm>
  );
}
