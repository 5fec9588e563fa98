import * as messages from "~/messages";
import { env } from "~/utils/env.server";
import {
  countedJsonApiSimulator,
  jsonApiSimulatorRoute,
  type CountedJsonApiSimulator,
} from "../json-api-simulator.server";
import {
  type SimulatedResponse,
  simulatedFaults,
  simulatorEnabled,
} from "../simulator-server.server";
import type { FipeBrand, FipeDetail, FipeModels, FipeYear } from "./client.server";
import {
  FIPE_SAMPLE,
  FUEL_NAMES,
  REFERENCE_MONTH,
  ZERO_KM_YEAR,
  type SampleBrand,
  type SampleModel,
} from "./sample-data";
import { FIPE_VEHICLE_TYPES, type FipeVehicleType } from "./types";

/**
 * A local stand-in for the FIPE v1 API (parallelum), answering from sample data: the same paths,
 * JSON shapes and error statuses, so the import and its tests never reach the internet. It runs
 * as its own HTTP server (tests) or behind the app's `/fipe-sim/api/v1` route (local runs).
 */

export type FipeSimulatorOptions = {
  data?: Record<FipeVehicleType, SampleBrand[]>;
  /** The first N requests fail with `failStatus` (default 429), as a rate-limited API does. */
  failFirst?: number;
  failStatus?: number;
  /** The Retry-After of a 429, in seconds (default 1; 0 sends none). */
  retryAfterSeconds?: number;
  /** Added before every answer, to exercise client timeouts. */
  delayMs?: number;
};

/** Paths below the API root such as "carros/marcas/59/modelos"; `?simulate=429|500` fails one. */
export type FipeSimulator = CountedJsonApiSimulator;

const VEHICLE_TYPE_NUMBER: Record<FipeVehicleType, number> = { carros: 1, motos: 2, caminhoes: 3 };
/** Where the API root is on the simulator's own server. */
const API_MOUNT = "/fipe/api/v1";

const notFound = (): SimulatedResponse => ({
  status: 404,
  body: { error: messages.integrations.simulators.notFound },
});

function failure(status: number, retryAfterSeconds = 1): SimulatedResponse {
  if (status === 429) {
    const headers: Record<string, string> =
      retryAfterSeconds > 0 ? { "Retry-After": String(retryAfterSeconds) } : {};
    return { status, body: { error: "rate limit exceeded" }, headers };
  }
  return { status, body: { error: "Internal Server Error" } };
}

function modelYears(model: SampleModel): { year: number; code: string }[] {
  const years: { year: number; code: string }[] = [];
  if (model.zeroKm) years.push({ year: ZERO_KM_YEAR, code: `${ZERO_KM_YEAR}-${model.fuelCode}` });
  for (let year = model.lastYear; year >= model.firstYear; year--) {
    years.push({ year, code: `${year}-${model.fuelCode}` });
  }
  return years;
}

function yearItem(year: number, fuelCode: number): FipeYear {
  return {
    nome: `${year} ${(FUEL_NAMES[fuelCode] ?? FUEL_NAMES[1]!).name}`,
    codigo: `${year}-${fuelCode}`,
  };
}

/** FIPE writes prices as "R$ 10.000,00", with a plain space. */
function formatValor(reais: number): string {
  const amount = new Intl.NumberFormat("pt-BR", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(reais);
  return `R$ ${amount}`;
}

function priceFor(model: SampleModel, year: number): number {
  if (year === ZERO_KM_YEAR) return Math.round((model.price * 1.08) / 100) * 100;
  return Math.round((model.price * 0.92 ** (model.lastYear - year)) / 100) * 100;
}

export function createFipeSimulator(options: FipeSimulatorOptions = {}): FipeSimulator {
  const data = options.data ?? FIPE_SAMPLE;
  const faults = simulatedFaults(options);

  function answer(segments: string[]): SimulatedResponse {
    const [type, marcas, brandCode, modelos, modelCode, anos, yearCode, ...rest] = segments;
    if (
      !FIPE_VEHICLE_TYPES.includes(type as FipeVehicleType) ||
      marcas !== "marcas" ||
      rest.length > 0
    ) {
      return notFound();
    }
    const vehicleType = type as FipeVehicleType;
    const brands = data[vehicleType];
    if (brandCode === undefined) {
      return { status: 200, body: brands.map(({ nome, codigo }): FipeBrand => ({ nome, codigo })) };
    }
    const brand = brands.find((b) => b.codigo === brandCode);
    if (!brand || modelos !== "modelos") return notFound();
    if (modelCode === undefined) {
      const years = new Map<string, FipeYear>();
      for (const m of brand.models) {
        for (const { year } of modelYears(m))
          years.set(`${year}-${m.fuelCode}`, yearItem(year, m.fuelCode));
      }
      const body: FipeModels = {
        modelos: brand.models.map((m) => ({ nome: m.nome, codigo: m.codigo })),
        anos: [...years.values()].sort((a, b) => b.codigo.localeCompare(a.codigo)),
      };
      return { status: 200, body };
    }
    const model = brand.models.find((m) => String(m.codigo) === modelCode);
    if (!model || anos !== "anos") return notFound();
    const years = modelYears(model);
    if (yearCode === undefined) {
      return { status: 200, body: years.map(({ year }) => yearItem(year, model.fuelCode)) };
    }
    const year = years.find((y) => y.code === yearCode);
    if (!year) return notFound();
    const fuel = FUEL_NAMES[model.fuelCode] ?? FUEL_NAMES[1]!;
    const body: FipeDetail = {
      TipoVeiculo: VEHICLE_TYPE_NUMBER[vehicleType],
      Valor: formatValor(priceFor(model, year.year)),
      Marca: brand.nome,
      Modelo: model.nome,
      AnoModelo: year.year,
      Combustivel: fuel.name,
      CodigoFipe: model.codigoFipe,
      MesReferencia: REFERENCE_MONTH,
      SiglaCombustivel: fuel.acronym,
    };
    return { status: 200, body };
  }

  async function respond(path: string, search = new URLSearchParams()): Promise<SimulatedResponse> {
    const failing = await faults.arrive();
    const forced = Number(search.get("simulate"));
    if (forced === 429 || forced === 500) return failure(forced, options.retryAfterSeconds);
    if (failing) return failure(options.failStatus ?? 429, options.retryAfterSeconds);
    return answer(path.split("/").filter(Boolean));
  }

  return countedJsonApiSimulator({
    mountPath: API_MOUNT,
    faults,
    respond,
    notFound,
    crashed: () => failure(500),
  });
}

/** The simulator behind `/fipe-sim/api/v1` of this app: no faults, the sample data. */
export const embeddedFipeSimulator = createFipeSimulator();

/** Served outside production and under `npm start`; in production only with FIPE_SIMULATOR=true. */
export function fipeSimulatorEnabled(): boolean {
  return simulatorEnabled(env().FIPE_SIMULATOR);
}

/** GET /fipe-sim/api/v1/…: the embedded simulator, a 404 where it is off. */
export const serveFipeSimulator = jsonApiSimulatorRoute({
  enabled: fipeSimulatorEnabled,
  simulator: embeddedFipeSimulator,
  notFound,
});
