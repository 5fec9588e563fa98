import { Link, useNavigation } from "@remix-run/react";
import * as messages from "~/messages";

const m = messages.search;

export type ResultVehicle = {
  id: number;
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string | null;
  fuel: string | null;
  notes: string | null;
  position: string | null;
  side: string | null;
  yearFrom: number | null;
  yearTo: number | null;
};

export type ResultCardData = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  manufacturer: string;
  categoryName: string | null;
  mercadoLivreLink: string | null;
  imageUrl: string | null;
  viaCode: string | null;
  alternativeCodes: { id: number; alternativeCode: string; description: string | null }[];
  /** A page of the vehicles, or (a card opened on demand) only how many there are. */
  vehicles:
    | { items: ResultVehicle[]; total: number; page: number; pages: number }
    | { items: null; total: number };
};

/** How result lists name a vehicle: brand, model, generation and year; version, engine and fuel. */
export function VehicleName({
  v,
}: {
  v: Pick<ResultVehicle, "brand" | "model" | "generation" | "year" | "version" | "engine" | "fuel">;
}) {
  return (
    <>
      <span className="font-medium">
        {v.brand} {v.model}
        {v.generation ? ` ${v.generation}` : ""} {v.year}
      </span>
      <span className="text-slate-600">
        {" "}
        — {v.version}
        {v.engine ? ` · ${v.engine}` : ""}
        {v.fuel ? ` · ${v.fuel}` : ""}
      </span>
    </>
  );
}

function fitmentDetails(v: ResultVehicle): string {
  return [
    v.position ? (m.position[v.position] ?? v.position) : null,
    v.side ? (m.side[v.side] ?? v.side) : null,
    m.years(v.yearFrom, v.yearTo) || null,
    v.notes,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** One part found: its data, the codes that lead to it and a page of the vehicles it fits. */
export function ResultCard({
  part,
  pageHref,
}: {
  part: ResultCardData;
  pageHref: (page: number) => string;
}) {
  const { vehicles } = part;
  const navigation = useNavigation();
  const opening =
    navigation.state === "loading" &&
    `${navigation.location.pathname}${navigation.location.search}` === pageHref(1);
  return (
    <article
      className="card overflow-hidden"
      aria-labelledby={`part-${part.id}-name`}
      data-testid="result-card"
    >
      <div className="flex flex-col gap-4 p-5 sm:flex-row">
        {part.imageUrl && (
          <img
            src={part.imageUrl}
            alt={part.name}
            className="h-28 w-28 shrink-0 rounded-lg object-cover"
            loading="lazy"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="rounded-md bg-slate-900 px-2 py-0.5 font-mono text-sm font-semibold text-white"
              data-testid="part-code"
            >
              {part.code}
            </span>
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {part.categoryName ?? m.noCategory}
            </span>
            {part.viaCode && (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                data-testid="found-via"
              >
                {m.foundVia(part.viaCode)}
              </span>
            )}
          </div>
          <h2 id={`part-${part.id}-name`} className="mt-2 text-lg font-bold">
            {part.name}
          </h2>
          <p className="text-sm text-slate-700">
            {m.manufacturer}: <strong>{part.manufacturer}</strong>
          </p>
          {part.description && <p className="mt-2 text-sm text-slate-600">{part.description}</p>}
          {part.mercadoLivreLink && (
            <a
              href={part.mercadoLivreLink}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn-secondary mt-3"
            >
              {m.buyLink}
            </a>
          )}
        </div>
      </div>
      <section className="border-t border-slate-100 px-5 py-4" aria-label={m.alternativeCodes}>
        <h3 className="text-sm font-semibold text-slate-800">{m.alternativeCodes}</h3>
        {part.alternativeCodes.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {part.alternativeCodes.map((alt) => (
              <li
                key={alt.id}
                className="rounded-md border border-slate-200 px-2 py-0.5 font-mono text-xs"
                title={alt.description ?? undefined}
              >
                {alt.alternativeCode}
                {alt.description && (
                  <span className="ml-1 font-sans text-slate-500">({alt.description})</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">{m.noAlternativeCodes}</p>
        )}
      </section>
      <section
        className="border-t border-slate-100 px-5 py-4"
        aria-labelledby={`part-${part.id}-vehicles`}
      >
        <h3
          id={`part-${part.id}-vehicles`}
          className="flex items-center gap-2 text-sm font-semibold text-slate-800"
        >
          {m.compatibleVehicles}
          <span
            className="rounded-full bg-slate-200 px-2 py-0.5 text-xs"
            data-testid="vehicle-count"
          >
            {vehicles.total}
          </span>
        </h3>
        {vehicles.total === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{m.noVehicles}</p>
        ) : vehicles.items === null && opening ? (
          <p className="mt-2 text-sm text-slate-500" role="status">
            {m.loadingVehicles}
          </p>
        ) : vehicles.items === null ? (
          <Link
            to={pageHref(1)}
            preventScrollReset
            className="btn-secondary mt-2"
            data-testid="show-vehicles"
          >
            {m.showVehicles(vehicles.total)}
          </Link>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="vehicle-list">
              {vehicles.items.map((v) => (
                <li key={v.id} className="py-2">
                  <VehicleName v={v} />
                  {fitmentDetails(v) && (
                    <span className="block text-xs text-slate-500">{fitmentDetails(v)}</span>
                  )}
                </li>
              ))}
            </ul>
            {vehicles.pages > 1 && (
              <nav
                className="mt-3 flex items-center justify-between gap-2 text-sm"
                aria-label={`${m.compatibleVehicles} — ${part.code}`}
              >
                {vehicles.page > 1 ? (
                  <Link
                    to={pageHref(vehicles.page - 1)}
                    preventScrollReset
                    className="btn-secondary"
                    rel="prev"
                  >
                    {m.previous}
                  </Link>
                ) : (
                  <span
                    className="btn-secondary pointer-events-none opacity-50"
                    aria-disabled="true"
                  >
                    {m.previous}
                  </span>
                )}
                <span data-testid="vehicle-page">{m.pageOf(vehicles.page, vehicles.pages)}</span>
                {vehicles.page < vehicles.pages ? (
                  <Link
                    to={pageHref(vehicles.page + 1)}
                    preventScrollReset
                    className="btn-secondary"
                    rel="next"
                  >
                    {m.next}
                  </Link>
                ) : (
                  <span
                    className="btn-secondary pointer-events-none opacity-50"
                    aria-disabled="true"
                  >
                    {m.next}
                  </span>
                )}
              </nav>
            )}
          </>
        )}
      </section>
    </article>
  );
}
