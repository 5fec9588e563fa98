import { Form } from "@remix-run/react";
import { IMPORT_LIMITS, type CatalogueImportSettings } from "~/schemas/imports/catalogue-import";
import * as messages from "~/messages";

const m = messages.catalogueImport;

/** The import settings (pages at once, items per batch, what to skip), saved in a cookie. */
export function ImportSettingsForm({
  settings,
  settingsErrors,
  summary,
}: {
  settings: CatalogueImportSettings;
  settingsErrors: Record<string, string> | undefined;
  summary: { estimate: string; skipMode: string };
}) {
  return (
    <section className="card p-5" aria-labelledby="import-settings">
      <h2 id="import-settings" className="font-semibold">
        {m.settingsTitle}
      </h2>
      {/* Keyed by the saved values, so "Padrão" and "Salvar" show what was saved. */}
      <Form
        key={JSON.stringify(settings)}
        method="post"
        preventScrollReset
        className="mt-3 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {(["concurrentPages", "itemsPerBatch"] as const).map((name) => (
            <label key={name} className="block text-sm">
              <span className="font-medium">
                {name === "concurrentPages" ? m.concurrentPagesLabel : m.itemsPerBatchLabel}
              </span>
              <input
                type="number"
                name={name}
                min={IMPORT_LIMITS[name].min}
                max={IMPORT_LIMITS[name].max}
                defaultValue={settings[name]}
                className="input mt-1"
                aria-invalid={settingsErrors?.[name] ? true : undefined}
                aria-describedby={`${name}-hint`}
              />
              <span
                id={`${name}-hint`}
                className={settingsErrors?.[name] ? "text-red-700" : "text-slate-500"}
              >
                {settingsErrors?.[name] ??
                  (name === "concurrentPages" ? m.concurrentPagesHint : m.itemsPerBatchHint)}
              </span>
            </label>
          ))}
        </div>
        <fieldset className="space-y-2 text-sm">
          {(
            ["skipExistingParts", "skipExistingVehicles", "skipExistingCompatibilities"] as const
          ).map((name) => (
            <label key={name} className="flex items-center gap-2">
              <input type="checkbox" name={name} defaultChecked={settings[name]} />
              {m[`${name}Label`]}
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-slate-600" data-testid="throughput-estimate">
          {summary.estimate} · {summary.skipMode}
        </p>
        <div className="flex gap-2">
          <button type="submit" name="intent" value="default-settings" className="btn-secondary">
            {m.defaults}
          </button>
          <button type="submit" name="intent" value="save-settings" className="btn-primary">
            {m.save}
          </button>
        </div>
      </Form>
    </section>
  );
}
