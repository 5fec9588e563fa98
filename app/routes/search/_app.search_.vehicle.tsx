import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { creditBalance } from "~/models/accounts/index.server";
import {
  groupByCategory,
  searchByVehicle,
  vehiclePickerOptions,
} from "~/models/search/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { PageHeader } from "~/components/admin/page-header";
import { CreditsLow } from "~/components/credit-notices";
import { TipsCard } from "~/components/search/tips-card";
import { useHydrated } from "~/components/hooks";
import * as messages from "~/messages";
import { CreditsExhausted } from "~/components/credit-notices";

export const access: Access = "signed-in";

const m = messages.vehicleSearch;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const params = new URL(request.url).searchParams;
  const year = Number(params.get("year"));
  const options = vehiclePickerOptions({
    brand: params.get("brand") ?? undefined,
    model: params.get("model") ?? undefined,
    year: Number.isInteger(year) && year > 0 ? year : undefined,
    version: params.get("version") || undefined,
  });
  const { brand, model, year: chosenYear, version } = options.selected;
  if (!brand || !model || !chosenYear) return { options, result: null };
  const outcome = searchByVehicle(user, { brand, model, year: chosenYear, version });
  const creditStats = creditBalance(outcome.stats);
  const vehicle = [brand, model, chosenYear, version].filter(Boolean).join(" ");
  if (outcome.status === "exhausted")
    return { options, creditStats, result: { exhausted: true as const, vehicle } };
  return {
    options,
    creditStats,
    result: {
      exhausted: false as const,
      vehicle,
      count: outcome.hits.length,
      groups: groupByCategory(outcome.hits, m.otherCategory),
      lowCredits: outcome.lowCredits,
      remaining: outcome.stats.remainingSearches,
    },
  };
}

/** One step of choosing the vehicle: disabled until the step before it is chosen. */
function Picker({
  id,
  label,
  value,
  values,
  placeholder = m.choose,
}: {
  id: string;
  label: string;
  value: string | number | null | undefined;
  values: (string | number)[];
  placeholder?: string;
}) {
  const chosen = value ? String(value) : "";
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={id}
        defaultValue={chosen}
        key={`${id}-${chosen}-${values.length}`}
        className="input"
        disabled={values.length === 0}
      >
        <option value="">{placeholder}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function VehicleSearch() {
  const { options, result } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { selected } = options;
  const pickers = [
    { id: "brand", label: m.brand, value: selected.brand, values: options.brands },
    { id: "model", label: m.model, value: selected.model, values: options.models },
    { id: "year", label: m.year, value: selected.year, values: options.years },
    {
      id: "version",
      label: m.version,
      value: selected.version,
      values: options.versions,
      placeholder: m.allVersions,
    },
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <Form
        method="get"
        className="card grid gap-3 p-5 sm:grid-cols-4"
        onChange={(event) =>
          submit(event.currentTarget, { preventScrollReset: true, replace: true })
        }
      >
        {pickers.map((picker) => (
          <Picker key={picker.id} {...picker} />
        ))}
        <div className="flex gap-2 sm:col-span-4">
          {!hydrated && (
            <button type="submit" className="btn-primary">
              {selected.year ? m.showParts : m.next}
            </button>
          )}
          <Link to="/search/vehicle" className="btn-ghost">
            {m.clear}
          </Link>
        </div>
      </Form>

      {result?.exhausted && <CreditsExhausted />}
      {result && !result.exhausted && (
        <section aria-labelledby="vehicle-parts" className="space-y-4">
          <h2
            id="vehicle-parts"
            className="text-lg font-semibold"
            data-testid="vehicle-parts-heading"
          >
            {m.partsFound(result.count, result.vehicle)}
          </h2>
          {result.lowCredits && <CreditsLow remaining={result.remaining} />}
          {result.count === 0 && (
            <div className="card p-5 text-slate-700" data-testid="vehicle-empty">
              <p>{m.noParts}</p>
              <ul className="mt-2 list-inside list-disc space-y-1 text-sm">
                {m.emptyTips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </div>
          )}
          {result.groups.map((group) => (
            <div key={group.category} className="card p-5">
              <h3 className="font-semibold">{group.category}</h3>
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {group.items.map((part) => (
                  <li
                    key={part.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <span>
                      <span className="font-mono font-semibold">{part.code}</span> — {part.name}{" "}
                      <span className="text-slate-500">({part.manufacturer})</span>
                      {part.notes && (
                        <span className="block text-xs text-slate-500">{part.notes}</span>
                      )}
                    </span>
                    <Link
                      to={`/search?${new URLSearchParams({ q: part.code, type: "code" })}`}
                      className="text-sm font-semibold text-brand-700 hover:underline"
                    >
                      {m.seePart}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      {!result && <TipsCard title={m.tipsTitle} tips={m.tips} />}
    </div>
  );
}
