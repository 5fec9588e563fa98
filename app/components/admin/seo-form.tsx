import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import { SettingsForm, SettingsSection } from "./settings-section";
import { seoFormSchema, TWITTER_CARDS, type SeoInput } from "~/schemas/seo/seo";
import * as messages from "~/messages";
import { DESCRIPTION_LENGTH, usableDescription } from "~/utils/seo-meta";

const m = messages.seo;

/** What the form starts from: the saved settings (null = not set) and when they were saved. */
export type SeoFormSettings = SeoInput & { updatedAt: string | null };

type TextName = Exclude<keyof SeoInput, "twitterCard" | "sitemapEnabled" | "robotsTxt">;

/** A setting's label and hint: the messages under its own name. */
function labelsOf(name: keyof SeoInput) {
  return { label: m.fields[name], hint: m.hints[name] };
}

/** A text setting, labelled by its name. */
function TextInput({
  name,
  field,
  ...input
}: {
  name: TextName;
  field: FieldMetadata<string | null>;
} & Omit<ComponentProps<typeof Field>, "meta" | "label" | "hint">) {
  return <Field meta={field} {...labelsOf(name)} {...input} />;
}

const twitterCardOptions = TWITTER_CARDS.map((card) => ({
  value: card,
  label: m.twitterCards[card],
}));

/** The SEO settings form of the dashboard's SEO tab (posts `intent=seo` to /admin?tab=seo). */
export function SeoForm({
  settings,
  reply,
}: {
  settings: SeoFormSettings;
  reply: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(seoFormSchema, {
    id: "seo-settings",
    lastResult: reply,
    defaultValue: {
      siteTitle: settings.siteTitle ?? "",
      siteDescription: settings.siteDescription ?? "",
      siteName: settings.siteName ?? "",
      logoInitials: settings.logoInitials ?? "",
      faviconUrl: settings.faviconUrl ?? "",
      ogSiteName: settings.ogSiteName ?? "",
      ogImageUrl: settings.ogImageUrl ?? "",
      twitterCard: settings.twitterCard,
      twitterSite: settings.twitterSite ?? "",
      robotsTxt: settings.robotsTxt ?? "",
      sitemapEnabled: settings.sitemapEnabled ? "on" : undefined,
      canonicalUrl: settings.canonicalUrl ?? "",
    },
  });

  return (
    <SettingsForm tab="seo" intent="seo" form={form} texts={m} updatedAt={settings.updatedAt}>
      <SettingsSection title={m.sections.identity}>
        <TextInput name="siteTitle" field={fields.siteTitle} />
        <div>
          <TextareaField
            meta={fields.siteDescription}
            {...labelsOf("siteDescription")}
            className="input"
            rows={3}
          />
          {settings.siteDescription && !usableDescription(settings.siteDescription) && (
            // What the pages show is not what was saved: said where it was typed (ADR 0058).
            <p
              className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="seo-short-description"
            >
              {m.shortDescriptionInUse(DESCRIPTION_LENGTH.min)}
            </p>
          )}
        </div>
        <TextInput name="siteName" field={fields.siteName} />
        <TextInput name="logoInitials" field={fields.logoInitials} autoComplete="off" />
        <TextInput name="faviconUrl" field={fields.faviconUrl} inputMode="url" />
      </SettingsSection>

      <SettingsSection title={m.sections.sharing}>
        <TextInput name="ogSiteName" field={fields.ogSiteName} />
        <TextInput name="ogImageUrl" field={fields.ogImageUrl} type="url" />
        <SelectField
          meta={fields.twitterCard}
          {...labelsOf("twitterCard")}
          options={twitterCardOptions}
        />
        <TextInput name="twitterSite" field={fields.twitterSite} autoComplete="off" />
      </SettingsSection>

      <SettingsSection title={m.sections.indexing}>
        <TextInput name="canonicalUrl" field={fields.canonicalUrl} type="url" />
        <div>
          <CheckboxField meta={fields.sitemapEnabled} {...labelsOf("sitemapEnabled")} />
        </div>
        <TextareaField
          meta={fields.robotsTxt}
          {...labelsOf("robotsTxt")}
          className="input font-mono text-sm"
          rows={10}
          spellCheck={false}
        />
      </SettingsSection>
    </SettingsForm>
  );
}
