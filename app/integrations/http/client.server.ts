import { setTimeout as sleep } from "node:timers/promises";

/**
 * The one HTTP client core every outside service goes through (ADR 0037): each request gets a
 * timeout per attempt (the body included); a failure of a passing kind — a network error, a
 * timeout, a connection dropped mid-answer, 429, 5xx — is tried again a bounded number of times,
 * after what Retry-After asks (seconds or an HTTP date) or else an exponential backoff with
 * jitter; an idempotency key travels in the same header on every try. Every failure is one error
 * type, ProviderError, that names the provider. A client of a provider (mercadopago/, paghiper/,
 * fipe/, catalogue-source/) keeps only what is its own: paths, bodies, the reading of answers and
 * its pt-BR words.
 */

export type ProviderErrorDetails = {
  /** The HTTP status of the answer; undefined for a network error or a timeout. */
  status?: number;
  /** Whether asking again may succeed; by default, for a 429 or a 5xx. */
  retryable?: boolean;
  /** How long the provider asked us to wait (Retry-After), capped. */
  retryAfterMs?: number;
  /** The start of a refusing answer's body, as the provider wrote it. */
  bodyExcerpt?: string;
};

/** A failure talking to an outside service. Each provider has its own subclass, for `instanceof`. */
export class ProviderError extends Error {
  /** Which service failed ("mercadopago", "paghiper", "fipe", "catalogue-source"). */
  readonly provider: string;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly bodyExcerpt?: string;

  constructor(provider: string, message: string, details: ProviderErrorDetails = {}) {
    super(message);
    this.name = "ProviderError";
    this.provider = provider;
    this.status = details.status;
    this.retryable =
      details.retryable ?? (details.status !== undefined && isRetryableStatus(details.status));
    this.retryAfterMs = details.retryAfterMs;
    this.bodyExcerpt = details.bodyExcerpt;
  }
}

/** 429 and 5xx pass; any other refusal would be answered the same if asked again. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A Retry-After header in milliseconds from `now`: delay-seconds or an HTTP date; undefined when absent, past or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header?.trim()) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return ms > 0 ? ms : undefined;
}

/** One answer as the core read it, for the provider's client to make sense of. */
export type HttpAnswer = {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** What an error made of this answer carries: its status, its Retry-After and, when it refuses, the start of its body. */
  details: ProviderErrorDetails;
};

export type HttpRequest = {
  method?: "GET" | "POST";
  /** Below the base URL, without the leading slash ("v1/payments/123"). */
  path: string;
  /** Sent as JSON, with its Content-Type. */
  json?: unknown;
  /** Sent in the client's idempotency header on every try, so a retry after a lost answer creates nothing twice. */
  idempotencyKey?: string;
};

export type HttpRetry<E extends ProviderError> = {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** The wait before the next attempt. */
  delayMs: number;
  error: E;
};

/** A provider client's timing: per attempt, total tries, first backoff. */
type RetryTiming = { timeoutMs: number; maxAttempts: number; backoffMs: number };

/** A provider client's timing as its caller set it, each one left unset taken from `defaults`. */
export function retryTiming(set: Partial<RetryTiming>, defaults: RetryTiming): RetryTiming {
  return {
    timeoutMs: set.timeoutMs ?? defaults.timeoutMs,
    maxAttempts: set.maxAttempts ?? defaults.maxAttempts,
    backoffMs: set.backoffMs ?? defaults.backoffMs,
  };
}

export type HttpClientOptions<E extends ProviderError> = {
  baseUrl: string;
  /** Per attempt, the answer's body included. */
  timeoutMs: number;
  /** Total tries of one request, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  backoffMs: number;
  /**
   * Up to this fraction of each backoff is added at random (default 0.2), so clients that failed
   * together do not all ask again at the same instant; 0 for none. A Retry-After is kept exact.
   */
  jitterRatio?: number;
  /** No wait, asked or computed, is longer (default 30 s). */
  maxDelayMs?: number;
  /** Headers of every request (Accept, Authorization…). */
  headers?: Record<string, string>;
  /** The header an idempotency key travels in (default X-Idempotency-Key, Mercado Pago's). */
  idempotencyHeader?: string;
  fetch?: typeof fetch;
  /** Awaited before every attempt, the first included: where a throttle waits its turn. */
  beforeAttempt?: () => Promise<void>;
  /** Told before each retry, so a caller can log it. */
  onRetry?: (retry: HttpRetry<E>) => void;
  /** The provider's own error type, and its words for the failures the core meets itself. */
  failures: {
    error: (message: string, details: ProviderErrorDetails) => E;
    network: string;
    timeout: (seconds: number) => string;
    droppedMidAnswer: string;
  };
};

export type HttpClient = {
  /** The base URL without its trailing slashes. */
  readonly baseUrl: string;
  /**
   * Sends `request` and hands each answer to `read`, which returns what the caller wants or
   * throws the provider's error: a retryable one is tried again while attempts remain.
   */
  request<T>(request: HttpRequest, read: (answer: HttpAnswer) => T): Promise<T>;
};

export const DEFAULT_JITTER_RATIO = 0.2;
export const DEFAULT_MAX_DELAY_MS = 30_000;
const BODY_EXCERPT_LENGTH = 200;

function timedOut(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

export function createHttpClient<E extends ProviderError>(
  options: HttpClientOptions<E>,
): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const maxAttempts = Math.max(1, options.maxAttempts);
  const jitterRatio = options.jitterRatio ?? DEFAULT_JITTER_RATIO;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const idempotencyHeader = options.idempotencyHeader ?? "X-Idempotency-Key";
  const doFetch = options.fetch ?? fetch;
  const { failures } = options;

  function backoff(attempt: number): number {
    const base = Math.min(options.backoffMs * 2 ** (attempt - 1), maxDelayMs);
    return Math.min(Math.round(base + Math.random() * jitterRatio * base), maxDelayMs);
  }

  function answerOf(response: Response, text: string): HttpAnswer {
    const asked = retryAfterMs(response.headers.get("retry-after"));
    const details: ProviderErrorDetails = { status: response.status };
    if (asked !== undefined) details.retryAfterMs = Math.min(asked, maxDelayMs);
    if (!response.ok && text.trim())
      details.bodyExcerpt = text.trim().slice(0, BODY_EXCERPT_LENGTH);
    return { status: response.status, ok: response.ok, headers: response.headers, text, details };
  }

  /** One try: the value `read` made of the answer, or the provider's error. */
  async function attemptOnce<T>(
    url: string,
    init: RequestInit,
    read: (answer: HttpAnswer) => T,
  ): Promise<{ ok: true; value: T } | { ok: false; error: E; retryAfterMs?: number }> {
    const seconds = options.timeoutMs / 1000;
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const message = timedOut(error) ? failures.timeout(seconds) : failures.network;
      return { ok: false, error: failures.error(message, { retryable: true }) };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const message = timedOut(error) ? failures.timeout(seconds) : failures.droppedMidAnswer;
      return {
        ok: false,
        error: failures.error(message, { status: response.status, retryable: true }),
      };
    }
    const answer = answerOf(response, text);
    try {
      return { ok: true, value: read(answer) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // The answer's Retry-After holds even when the client's error left it out.
      return { ok: false, error: error as E, retryAfterMs: answer.details.retryAfterMs };
    }
  }

  return {
    baseUrl,
    async request(request, read) {
      const headers: Record<string, string> = { ...options.headers };
      if (request.json !== undefined) headers["Content-Type"] = "application/json";
      if (request.idempotencyKey !== undefined) headers[idempotencyHeader] = request.idempotencyKey;
      const init: RequestInit = {
        method: request.method ?? "GET",
        headers,
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
      };
      const url = `${baseUrl}/${request.path}`;
      for (let attempt = 1; ; attempt++) {
        await options.beforeAttempt?.();
        const result = await attemptOnce(url, init, read);
        if (result.ok) return result.value;
        const { error } = result;
        if (!error.retryable || attempt >= maxAttempts) throw error;
        const delayMs = error.retryAfterMs ?? result.retryAfterMs ?? backoff(attempt);
        options.onRetry?.({ attempt, delayMs, error });
        await sleep(delayMs);
      }
    },
  };
}
