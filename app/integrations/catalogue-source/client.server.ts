import { z } from "zod";
import * as messages from "~/messages";
import { env } from "~/utils/env.server";
import {
  createHttpClient,
  type HttpAnswer,
  isRetryableStatus,
  ProviderError,
  type ProviderErrorDetails,
  retryTiming,
} from "../http/client.server";
import { catalogueSimulatorEnabled } from "./simulator.server";
import type { CatalogueSourcePage, CatalogueSourceStatus } from "./types";

/**
 * Client of the catalogue source API (types.ts). An import reads it page after page, so a request
 * that fails for a passing reason — 429, 5xx, a timeout, a dropped connection — is asked again by
 * the HTTP core (../http/client.server.ts) with exponential backoff (or after what Retry-After
 * asks, capped), a bounded number of times. Other 4xx answers and answers of the wrong shape are
 * not retried: asking again would not change them.
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

/** A failure of the catalogue source: the core's ProviderError (status, Retry-After) under its name. */
export class CatalogueSourceError extends ProviderError {
  constructor(message: string, details: ProviderErrorDetails = {}) {
    super("catalogue-source", message, details);
    this.name = "CatalogueSourceError";
  }
}

const DEFAULT_TIMING = { timeoutMs: 30_000, maxAttempts: 5, backoffMs: 500 };
const m = messages.integrations.catalogueSource;

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

/** The source's own `{ error }` text, when a refusal carries one. */
function refusalReason(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const reason = (body as { error?: unknown } | null)?.error;
    return typeof reason === "string" && reason.trim() ? reason.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

function describeStatus(status: number, reason: string | undefined): string {
  const text =
    status === 429
      ? m.rateLimited
      : status === 404
        ? m.notFound
        : status >= 500
          ? m.httpError(status)
          : m.refused(status);
  return reason ? `${text}: ${reason}` : text;
}

/** The answer checked against `schema`, or the error it stands for; a passing refusal is told without its body. */
function readChecked<T>(answer: HttpAnswer, schema: z.ZodType<T>): T {
  if (!answer.ok) {
    const reason = isRetryableStatus(answer.status) ? undefined : refusalReason(answer.text);
    throw new CatalogueSourceError(describeStatus(answer.status, reason), answer.details);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new CatalogueSourceError(m.notJson, { status: answer.status });
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.join(".") || m.wholeAnswer;
  throw new CatalogueSourceError(m.unexpectedShape(field), { status: answer.status });
}

export function createCatalogueSourceClient(
  options: CatalogueSourceClientOptions,
): CatalogueSourceClient {
  const { onRetry } = options;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    ...retryTiming(options, DEFAULT_TIMING),
    // One import reads page after page alone: no crowd of clients to spread, and its log tells
    // the plain doubling of each wait.
    jitterRatio: 0,
    fetch: options.fetch,
    headers: { Accept: "application/json" },
    onRetry:
      onRetry &&
      (({ attempt, delayMs, error }) =>
        onRetry({ attempt, status: error.status, reason: error.message, delayMs, error })),
    failures: {
      error: (message, details) => new CatalogueSourceError(message, details),
      network: m.network,
      timeout: m.timeout,
      droppedMidAnswer: m.network,
    },
  });
  const { baseUrl } = http;
  const get = <T>(path: string, schema: z.ZodType<T>) =>
    http.request({ path }, (answer) => readChecked(answer, schema));

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
  if (!catalogueSimulatorEnabled()) throw new CatalogueSourceError(m.urlNotConfigured);
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
