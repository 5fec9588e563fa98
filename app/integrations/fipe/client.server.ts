import { setTimeout as sleep } from "node:timers/promises";
import * as messages from "~/messages";
import { env } from "~/utils/env.server";
import {
  createHttpClient,
  type HttpAnswer,
  ProviderError,
  type ProviderErrorDetails,
  retryTiming,
} from "../http/client.server";
import type { FipeVehicleType } from "./types";

/**
 * Client of the FIPE v1 API (https://parallelum.com.br/fipe/api/v1 and its local simulator).
 * The public API allows about 500 requests a day and answers 429 beyond that, so every request
 * waits its turn (a minimum interval per base URL, shared by every client in this process), and
 * 429, 5xx, timeouts and network errors are retried by the HTTP core (../http/client.server.ts), a
 * bounded number of times. Other 4xx answers are not retried: asking again would not change them.
 */

export type FipeBrand = { nome: string; codigo: string };
export type FipeModel = { nome: string; codigo: number };
export type FipeYear = { nome: string; codigo: string };
export type FipeModels = { modelos: FipeModel[]; anos: FipeYear[] };
export type FipeDetail = {
  TipoVeiculo: number;
  Valor: string;
  Marca: string;
  Modelo: string;
  AnoModelo: number;
  Combustivel: string;
  CodigoFipe: string;
  MesReferencia: string;
  SiglaCombustivel: string;
};

export type FipeClientOptions = {
  baseUrl: string;
  /** Minimum time between the starts of two requests to the same base URL. */
  minIntervalMs?: number;
  /** Total tries of one request, the first included. */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long (or what Retry-After asks, capped). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type FipeClient = {
  readonly baseUrl: string;
  brands(type: FipeVehicleType): Promise<FipeBrand[]>;
  models(type: FipeVehicleType, brand: string): Promise<FipeModels>;
  years(type: FipeVehicleType, brand: string, model: string | number): Promise<FipeYear[]>;
  detail(
    type: FipeVehicleType,
    brand: string,
    model: string | number,
    year: string,
  ): Promise<FipeDetail>;
};

/** A failure of the FIPE API: the core's ProviderError (status, Retry-After) under FIPE's name. */
export class FipeError extends ProviderError {
  constructor(message: string, details: ProviderErrorDetails = {}) {
    super("fipe", message, details);
    this.name = "FipeError";
  }
}

const DEFAULT_TIMING = { timeoutMs: 20_000, maxAttempts: 4, backoffMs: 1_000 };
const m = messages.integrations.fipe;

/** When each base URL may next be called: the throttle is per API, not per client object. */
const nextSlotByBaseUrl = new Map<string, number>();

async function waitForSlot(baseUrl: string, minIntervalMs: number): Promise<void> {
  if (minIntervalMs <= 0) return;
  const now = Date.now();
  const slot = Math.max(now, nextSlotByBaseUrl.get(baseUrl) ?? 0);
  nextSlotByBaseUrl.set(baseUrl, slot + minIntervalMs);
  if (slot > now) await sleep(slot - now);
}

function describeStatus(status: number): string {
  if (status === 429) return m.rateLimited;
  if (status === 404) return m.notFound;
  return m.httpError(status);
}

/** A successful answer's JSON, or the error the answer stands for. */
function readJson<T>(answer: HttpAnswer): T {
  if (!answer.ok) throw new FipeError(describeStatus(answer.status), answer.details);
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new FipeError(m.notJson, { status: answer.status });
  }
}

export function createFipeClient(options: FipeClientOptions): FipeClient {
  const minIntervalMs = options.minIntervalMs ?? 250;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    ...retryTiming(options, DEFAULT_TIMING),
    fetch: options.fetch,
    headers: { Accept: "application/json" },
    beforeAttempt: (): Promise<void> => waitForSlot(http.baseUrl, minIntervalMs),
    failures: {
      error: (message, details) => new FipeError(message, details),
      network: m.network,
      timeout: m.timeout,
      droppedMidAnswer: m.droppedMidAnswer,
    },
  });
  const { baseUrl } = http;
  const get = <T>(path: string) => http.request({ path }, readJson<T>);

  const segment = (value: string | number) => encodeURIComponent(String(value));
  return {
    baseUrl,
    brands: (type) => get(`${type}/marcas`),
    models: (type, brand) => get(`${type}/marcas/${segment(brand)}/modelos`),
    years: (type, brand, model) =>
      get(`${type}/marcas/${segment(brand)}/modelos/${segment(model)}/anos`),
    detail: (type, brand, model, year) =>
      get(`${type}/marcas/${segment(brand)}/modelos/${segment(model)}/anos/${segment(year)}`),
  };
}

/**
 * Where the app reads FIPE: FIPE_BASE_URL when set (the public API must be configured on
 * purpose), otherwise the simulator this same server mounts at /fipe-sim/api/v1.
 */
export function defaultFipeBaseUrl(): string {
  const config = env();
  return config.FIPE_BASE_URL ?? `http://127.0.0.1:${config.PORT}/fipe-sim/api/v1`;
}

export function fipeClient(overrides: Partial<FipeClientOptions> = {}): FipeClient {
  return createFipeClient({
    baseUrl: defaultFipeBaseUrl(),
    minIntervalMs: env().FIPE_MIN_INTERVAL_MS,
    ...overrides,
  });
}
