import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { env } from "~/utils/env.server";
import { LOCALE } from "~/utils/format";
import { catalogueSimulatorEnabled } from "./simulator.server";
import type { CatalogueSourcePage, CatalogueSourceStatus } from "./types";

/**
 * Client of the catalogue source API (types.ts). An import reads it page after page, so a request
 * that fails for a passing reason — 429, 5xx, a timeout, a dropped connection — is asked again
 * with exponential backoff (or after what Retry-After asks, capped), a bounded number of times.
 * Other 4xx answers and answers of the wrong shape are not retried: asking again would not change
 * them.
 */

export type CatalogueSourceRetry = {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Its HTTP status; undefined for a network error or a timeout. */
  status?: number;
  /** Why it failed, in pt-BR (the error's message). */
  reason: string;
  /** The wait before the next attempt. */
  delayMs: number;
  error: CatalogueSourceError;
};

export type CatalogueSourceClientOptions = {
  baseUrl: string;
  /** Total tries of one request, the first included (default 5). */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long (or what Retry-After asks, capped). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told before each retry, so an import can log it. */
  onRetry?: (retry: CatalogueSourceRetry) => void;
};

export type CatalogueSourceClient = {
  readonly baseUrl: string;
  status(): Promise<CatalogueSourceStatus>;
  /**
   * One page of items, `page` from 1; a page past the last has no items. The envelope is checked,
   * each item's fields are left to the import.
   */
  page(page: number, perPage: number): Promise<CatalogueSourcePage>;
};

export class CatalogueSourceError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the last answer; undefined for a network error or a timeout. */
    readonly status?: number,
    /** How long the source asked us to wait (Retry-After), capped. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "CatalogueSourceError";
  }
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 500;
const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_WAIT_MS = 30_000;

const statusSchema = z.object({
  total_items: z.number().int().min(0),
  default_per_page: z.number().int().min(1),
  max_per_page: z.number().int().min(1),
  updated_at: z.string(),
}) satisfies z.ZodType<CatalogueSourceStatus>;

/**
 * A page is checked as an envelope of objects: the import checks each item itself, so one bad
 * item is reported and skipped instead of failing its whole page.
 */
const pageSchema = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total_items: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  items: z.array(z.looseObject({})),
});

type Attempt =
  | { ok: true; body: unknown; status: number }
  | { ok: false; error: CatalogueSourceError; retryable: boolean };

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return ms > 0 ? Math.min(ms, MAX_WAIT_MS) : undefined;
}

/** The source's own `{ error }` text, when a refusal carries one. */
async function refusalReason(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = JSON.parse(await response.text());
    const reason = (body as { error?: unknown } | null)?.error;
    return typeof reason === "string" && reason.trim() ? reason.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

function describeStatus(status: number, reason: string | undefined): string {
  const text =
    status === 429
      ? "limite de requisições da fonte do catálogo excedido (HTTP 429)"
      : status === 404
        ? "endereço não encontrado na fonte do catálogo (HTTP 404)"
        : status >= 500
          ? `a fonte do catálogo respondeu com erro (HTTP ${status})`
          : `a fonte do catálogo recusou o pedido (HTTP ${status})`;
  return reason ? `${text}: ${reason}` : text;
}

export function createCatalogueSourceClient(
  options: CatalogueSourceClientOptions,
): CatalogueSourceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  const lostConnection = (error: unknown) =>
    new CatalogueSourceError(
      error instanceof Error && error.name === "TimeoutError"
        ? `a fonte do catálogo não respondeu em ${(timeoutMs / 1000).toLocaleString(LOCALE)} s`
        : "falha de rede ao acessar a fonte do catálogo",
    );

  async function attemptOnce(url: string): Promise<Attempt> {
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { ok: false, error: lostConnection(error), retryable: true };
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      let reason: string | undefined;
      if (retryable) await response.body?.cancel().catch(() => undefined);
      else reason = await refusalReason(response);
      const error = new CatalogueSourceError(
        describeStatus(response.status, reason),
        response.status,
        retryAfterMs(response),
      );
      return { ok: false, error, retryable };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { ok: false, error: lostConnection(error), retryable: true };
    }
    try {
      return { ok: true, body: JSON.parse(text), status: response.status };
    } catch {
      const error = new CatalogueSourceError(
        "a fonte do catálogo respondeu algo que não é JSON",
        response.status,
      );
      return { ok: false, error, retryable: false };
    }
  }

  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const url = `${baseUrl}/${path}`;
    for (let attempt = 1; ; attempt++) {
      const result = await attemptOnce(url);
      if (result.ok) {
        const parsed = schema.safeParse(result.body);
        if (parsed.success) return parsed.data;
        const field = parsed.error.issues[0]?.path.join(".") || "resposta";
        throw new CatalogueSourceError(
          `a fonte do catálogo respondeu num formato inesperado (${field})`,
          result.status,
        );
      }
      const { error } = result;
      if (!result.retryable || attempt >= maxAttempts) throw error;
      const delayMs = error.retryAfterMs ?? Math.min(backoffMs * 2 ** (attempt - 1), MAX_WAIT_MS);
      options.onRetry?.({ attempt, status: error.status, reason: error.message, delayMs, error });
      await sleep(delayMs);
    }
  }

  return {
    baseUrl,
    status: () => get("status", statusSchema),
    page: async (page, perPage) => {
      const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
      return (await get(`items?${query}`, pageSchema)) as CatalogueSourcePage;
    },
  };
}

/**
 * Where the app reads the catalogue source: CATALOGUE_SOURCE_URL when set, otherwise the simulator
 * this same server mounts at /catalogue-sim/api/v1. Where that simulator is off (production), an
 * import cannot start without the URL, and says so.
 */
export function defaultCatalogueSourceUrl(): string {
  const config = env();
  if (config.CATALOGUE_SOURCE_URL) return config.CATALOGUE_SOURCE_URL;
  if (!catalogueSimulatorEnabled())
    throw new CatalogueSourceError(
      "CATALOGUE_SOURCE_URL não está configurada: informe o endereço da fonte do catálogo",
    );
  return `http://127.0.0.1:${config.PORT}/catalogue-sim/api/v1`;
}

export function catalogueSourceClient(
  overrides: Partial<CatalogueSourceClientOptions> = {},
): CatalogueSourceClient {
  return createCatalogueSourceClient({
    ...overrides,
    baseUrl: overrides.baseUrl ?? defaultCatalogueSourceUrl(),
  });
}
