import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "~/components/form-fields";
import { formatDateTime } from "~/utils/format";

/** A group of a settings form's fields (the dashboard's SEO and Empresa tabs): a card with a legend. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-4 p-5">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The texts a settings tab's form is framed with. */
export type SettingsTexts = {
  title: string;
  intro: string;
  updatedAt: (when: string) => string;
  save: string;
  saving: string;
};

/** Whether this tab's form (told apart by its `intent`) is being saved right now. */
export function useSettingsSaving(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * One settings tab's form on the dashboard: posts `intent` to `/admin?tab=<tab>` (a plain POST,
 * JavaScript or not), with its title, when it was last saved, the form's errors and one save button.
 */
export function SettingsForm({
  tab,
  intent,
  form,
  texts,
  updatedAt,
  children,
}: {
  tab: string;
  intent: string;
  form: FormMetadata<Record<string, unknown>, string[]>;
  texts: SettingsTexts;
  updatedAt: string | null;
  children: ReactNode;
}) {
  const saving = useSettingsSaving(intent);
  return (
    <Form method="post" action={`/admin?tab=${tab}`} className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <header>
        <h2 className="text-xl font-bold">{texts.title}</h2>
        <p className="text-sm text-slate-600">{texts.intro}</p>
        {updatedAt && (
          <p className="mt-1 text-xs text-slate-500">
            {texts.updatedAt(formatDateTime(updatedAt))}
          </p>
        )}
      </header>
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </button>
      </div>
    </Form>
  );
}
