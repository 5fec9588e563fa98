import { env } from "~/utils/env.server";
import type { FipeVehicleType } from "./types";

/**
 * Client of the FIPE v1 API (https://parallelum.com.br/fipe/api/v1 and its local simulator).
 * The public API allows about 500 requests a day and answers 429 beyond that, so every request
 * waits its turn (a minimum interval per base URL, shared by every client in this process), and
 * 429, 5xx, timeouts and network errors are retried with exponential backoff, a bounded number of
 * times. Other 4xx answers are not retried: asking again would not change them.
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

export class FipeError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the last answer; undefined for a network error or a timeout. */
    readonly status?: number,
    /** How long the API asked us to wait (Retry-After), capped. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "FipeError";
  }
}

export const FIPE_PUBLIC_URL = "https://parallelum.com.br/fipe/api/v1";
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_BACKOFF_MS = 1_000;
const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_RETRY_AFTER_MS = 30_000;

/** When each base URL may next be called: the throttle is per API, not per client object. */
const nextSlotByBaseUrl = new Map<string, number>();

async function waitForSlot(baseUrl: string, minIntervalMs: number): Promise<void> {
  if (minIntervalMs <= 0) return;
  const now = Date.now();
  const slot = Math.max(now, nextSlotByBaseUrl.get(baseUrl) ?? 0);
  nextSlotByBaseUrl.set(baseUrl, slot + minIntervalMs);
  if (slot > now) await sleep(slot - now);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryable(status: number) {
  return status === 429 || status >= 500;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : undefined;
}

function describeStatus(status: number): string {
  if (status === 429) return "limite de requisições da FIPE excedido (HTTP 429)";
  if (status === 404) return "registro não encontrado na FIPE (HTTP 404)";
  return `a FIPE respondeu com erro (HTTP ${status})`;
}

export function createFipeClient(options: FipeClientOptions): FipeClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const minIntervalMs = options.minIntervalMs ?? 250;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  async function get<T>(path: string): Promise<T> {
    const url = `${baseUrl}/${path}`;
    let lastError = new FipeError("falha ao acessar a FIPE");
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(lastError.retryAfterMs ?? backoffMs * 2 ** (attempt - 2));
      await waitForSlot(baseUrl, minIntervalMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        lastError = new FipeError(
          timedOut
            ? `a FIPE não respondeu em ${timeoutMs / 1000} s`
            : "falha de rede ao acessar a FIPE",
        );
        continue;
      }
      if (response.ok) {
        try {
          return (await response.json()) as T;
        } catch (error) {
          if (!(error instanceof SyntaxError)) {
            lastError = new FipeError("a conexão com a FIPE caiu durante a resposta");
            continue;
          }
          throw new FipeError("a FIPE respondeu algo que não é JSON", response.status);
        }
      }
      await response.body?.cancel();
      lastError = new FipeError(
        describeStatus(response.status),
        response.status,
        retryAfterMs(response),
      );
      if (!retryable(response.status)) throw lastError;
    }
    throw lastError;
  }

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
