import { Form } from "@remix-run/react";
type Preferences = {
  emailNotifications: boolean;
  searchReminders: boolean;
  subscriptionAlerts: boolean;
};
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";

const m = messages.settings;

/** The three notification switches, saved on the server by the page's action (intent=preferences). */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const busy = useIsSubmitting();
  const items = [
    ["emailNotifications", m.emailNotifications],
    ["searchReminders", m.searchReminders],
    ["subscriptionAlerts", m.subscriptionAlerts],
  ] as const;
  return (
    <Form method="post" className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="font-semibold">{m.preferencesTitle}</legend>
        {items.map(([name, label]) => (
          <label key={name} className="flex items-center gap-3">
            <input
              type="checkbox"
              name={name}
              defaultChecked={preferences[name]}
              className="h-5 w-5 accent-brand-600"
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        name="intent"
        value="preferences"
        className="btn-primary"
        disabled={busy}
      >
        {busy ? messages.admin.saving : m.savePreferences}
      </button>
    </Form>
  );
}
