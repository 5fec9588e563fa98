import { Link, useNavigation } from "@remix-run/react";
import type {
  FitmentFields,
  VehicleGroup,
  VehicleName as VehicleNameRow,
} from "~/schemas/catalogue/vehicle-rows";
import { PagerStep } from "~/components/pager-step";
import * as messages from "~/messages";

const m = messages.search;

export type ResultVehicle = VehicleNameRow & { fuel: string | null } & FitmentFields;

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
  /** Set on a description search: whether the part fits the vehicle understood or chosen. */
  fitsVehicle?: boolean;
  alternativeCodes: { id: number; alternativeCode: string; description: string | null }[];
  /** A page of the vehicles grouped by model, or (a card opened on demand) only how many there are. */
  vehicles:
    | { items: VehicleGroup[]; total: number; page: number; pages: number }
    | { items: null; total: number };
};

/** The vehicle a description search is about, to mark the groups it falls in. */
export type SearchedVehicle = {
  label: string;
  models: string[];
  year: number | null;
  /** The last year of a range asked for ("gol 2010 a 2013"). */
  yearTo?: number | null;
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

/** Versions a group lists before "e mais N": a card stays short on a phone. */
const SHOWN_VERSIONS = 4;

function groupDetails(group: VehicleGroup): string {
  const versions = group.versions.slice(0, SHOWN_VERSIONS);
  const more = group.versions.length - versions.length;
  return [
    group.engines.join(", ") || null,
    group.fuels.join(", ") || null,
    versions.length > 0 ? m.groupVersions(versions, more) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function fitmentDetails(group: VehicleGroup): string {
  return [
    group.position ? (m.position[group.position] ?? group.position) : null,
    group.side ? (m.side[group.side] ?? group.side) : null,
    ...group.notes,
  ]
    .filter(Boolean)
    .join(" · ");
}

function groupFits(group: VehicleGroup, vehicle: SearchedVehicle | null | undefined) {
  if (!vehicle || !vehicle.models.includes(group.model)) return false;
  const first = vehicle.year;
  if (first === null) return true;
  const last = vehicle.yearTo ?? first;
  return group.years.some(([from, to]) => first <= to && last >= from);
}

function VehicleGroupItem({ group, fits }: { group: VehicleGroup; fits: boolean }) {
  const details = groupDetails(group);
  const fitment = fitmentDetails(group);
  return (
    <li className={fits ? "-mx-2 rounded-md bg-emerald-50 px-2 py-2" : "py-2"}>
      <span className="font-medium">
        {group.brand} {group.model}
        {group.generation ? ` ${group.generation}` : ""} {m.yearRuns(group.years)}
      </span>
      {fits && <span className="ml-2 text-xs font-semibold text-emerald-800">{m.groupFits}</span>}
      {details && <span className="block text-slate-600">{details}</span>}
      {fitment && <span className="block text-xs text-slate-500">{fitment}</span>}
    </li>
  );
}

/** One part found: its data, the codes that lead to it and a page of the vehicles it fits. */
export function ResultCard({
  part,
  pageHref,
  vehicle,
}: {
  part: ResultCardData;
  pageHref: (page: number) => string;
  /** The vehicle of a description search: the card says whether the part fits it. */
  vehicle?: SearchedVehicle | null;
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
            {vehicle && part.fitsVehicle && (
              <span
                className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900"
                data-testid="fits-vehicle"
              >
                {m.fitsVehicle(vehicle.label)}
              </span>
            )}
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
              {vehicles.items.map((group) => (
                <VehicleGroupItem
                  key={`${group.brand}|${group.model}|${group.generation}|${group.position}|${group.side}`}
                  group={group}
                  fits={groupFits(group, vehicle)}
                />
              ))}
            </ul>
            {vehicles.pages > 1 && (
              <nav
                className="mt-3 flex items-center justify-between gap-2 text-sm"
                aria-label={`${m.compatibleVehicles} — ${part.code}`}
              >
                <PagerStep
                  to={vehicles.page > 1 ? pageHref(vehicles.page - 1) : null}
                  rel="prev"
                  preventScrollReset
                >
                  {m.previous}
                </PagerStep>
                <span data-testid="vehicle-page">{m.pageOf(vehicles.page, vehicles.pages)}</span>
                <PagerStep
                  to={vehicles.page < vehicles.pages ? pageHref(vehicles.page + 1) : null}
                  rel="next"
                  preventScrollReset
                >
                  {m.next}
                </PagerStep>
              </nav>
            )}
          </>
        )}
      </section>
    </article>
  );
}
