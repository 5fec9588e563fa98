import type { ReactNode } from "react";

/** A group of a settings form's fields (the dashboard's SEO and Empresa tabs): a card with a legend. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-4 p-5">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}
