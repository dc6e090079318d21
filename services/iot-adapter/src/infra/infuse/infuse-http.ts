import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type AppError, UpstreamUnavailableError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import type { ZodType } from "zod";
import {
  isOutage,
  isTransient,
  mapBreakerOpen,
  mapPlatformStatus,
  mapTransportFailure,
  PlatformCredentialError,
  PlatformRateLimitedError,
  PlatformRedirectError,
} from "./infuse.errors";
import type { PlatformThrottle } from "./platform-throttle";
import {
  type Breaker,
  BreakerOpenError,
  type BreakerState,
  createBreaker,
  createRetry,
  DEFAULT_RETRY,
  type RetryPolicy,
} from "./resilience";
import { retryAfterMs } from "./retry-after";

export interface InfuseHttpOptions {
  baseUrl: string;
  apiKey: string;
  logger: Logger;
  timeoutMs?: number;
  downloadTimeoutMs?: number;
  retry?: RetryPolicy;
  breaker?: { failureThreshold: number; resetAfterMs: number };
  fetch?: typeof fetch;
  /** The shared request budget (INFUSE_MAX_RPS); every request takes a token first. None: unlimited. */
  throttle?: PlatformThrottle;
}

/** Attempts of a write answered 429 (the platform did not process it, so sending it again is safe). */
const WRITE_ATTEMPTS_ON_429 = 3;

/**
 * The credential header the platform's newer tools send: platform API keys (`ik_...`) go as
 * `Authorization: ApiKey <key>`, anything else (a JWT) as `x-api-key: Bearer <key>`.
 */
export function authHeader(apiKey: string): Record<string, string> {
  const key = apiKey.trim();
  return key.startsWith("ik_") ? { authorization: `ApiKey ${key}` } : { "x-api-key": `Bearer ${key}` };
}

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * The transport under the typed client: every call gets a timeout, passes the circuit breaker and has its
 * failures mapped to the contract's errors; GETs are retried with backoff on transient failures. Nothing
 * above this file sees an HTTP status.
 */
export class InfuseHttp {
  private readonly breaker: Breaker;
  private readonly retry: ReturnType<typeof createRetry>;
  private readonly fetchImpl: typeof fetch;
  private readonly base: string;

  constructor(private readonly options: InfuseHttpOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.base = options.baseUrl.replace(/\/+$/, "");
    this.breaker = createBreaker({
      failureThreshold: options.breaker?.failureThreshold ?? 5,
      resetAfterMs: options.breaker?.resetAfterMs ?? 10_000,
      isFailure: isOutage,
      onStateChange: (from, to) =>
        options.logger[to === "open" ? "warn" : "info"](
          { from, to },
          "Infuse-IoT circuit breaker changed state",
        ),
    });
    this.retry = createRetry(options.retry ?? DEFAULT_RETRY, isTransient, (error, retry, delayMs) =>
      options.logger.debug({ retry, delayMs, reason: (error as Error).message }, "retrying Infuse-IoT call"),
    );
  }

  breakerState(): BreakerState {
    return this.breaker.state();
  }

  /** An idempotent JSON read, retried on transient failures. `what` names the resource for a 404. */
  async getJson<T>(path: string, schema: ZodType<T>, what: string, query: Query = {}, signal?: AbortSignal) {
    return this.retry.run(
      () => this.guarded(() => this.fetchJson(path, query, schema, what, signal), signal),
      signal,
    );
  }

  /**
   * A read sent as a POST with a JSON body (the platform's batch queries): idempotent, so retried like a
   * GET on transient failures; 2xx is parsed with `schema`.
   */
  async queryJson<T>(path: string, body: unknown, schema: ZodType<T>, what: string, signal?: AbortSignal) {
    return this.retry.run(
      () => this.guarded(() => this.fetchJson(path, {}, schema, what, signal, body), signal),
      signal,
    );
  }

  /**
   * A JSON write, not retried on failures (the platform's creates are not idempotent) except a 429, which
   * says the platform did not process it: the status and the body parsed with the schema given for that
   * status; any status without a schema is mapped like a read's.
   */
  async postJson<T>(
    path: string,
    body: unknown,
    schemas: Record<number, ZodType<T>>,
    what: string,
    signal?: AbortSignal,
  ): Promise<{ status: number; data: T }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.guarded(() => this.postOnce(path, body, schemas, what, signal), signal);
      } catch (error) {
        // A 429 means the write was not processed: send it again once the throttle's pause is over (the
        // next attempt's token waits for it).
        if (!(error instanceof PlatformRateLimitedError) || attempt >= WRITE_ATTEMPTS_ON_429) throw error;
      }
    }
  }

  private async postOnce<T>(
    path: string,
    body: unknown,
    schemas: Record<number, ZodType<T>>,
    what: string,
    signal?: AbortSignal,
  ): Promise<{ status: number; data: T }> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 5_000);
    const response = await this.send(path, {}, timeout, signal, body);
    const schema = schemas[response.status];
    if (!schema) throw await this.failure(response, what);
    return { status: response.status, data: await this.parsed(response, schema, path, timeout) };
  }

  /** A streamed download; not retried here (the copy job retries as a whole). */
  async download(path: string, what: string, signal?: AbortSignal) {
    return this.guarded(async () => {
      const timeout = AbortSignal.timeout(this.options.downloadTimeoutMs ?? 120_000);
      const response = await this.send(path, {}, timeout, signal);
      if (!response.ok) throw await this.failure(response, what);
      if (!response.body) throw new UpstreamUnavailableError("The IoT platform sent an empty download.");
      const length = Number(response.headers.get("content-length") ?? Number.NaN);
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        contentLength: Number.isFinite(length) ? length : undefined,
      };
    }, signal);
  }

  /**
   * One attempt: a token of the shared budget first (before the attempt's own timeout starts), then the
   * breaker. The token is taken outside the breaker, so a call that gets none (PlatformBusyError) is never
   * a half-open breaker's trial, which cockatiel would count as a success; while the breaker is open no
   * token is spent on a call it refuses anyway.
   */
  private async guarded<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.options.throttle && this.breaker.state() !== "open") await this.options.throttle.acquire(signal);
    try {
      return await this.breaker.run(work);
    } catch (error) {
      if (error instanceof BreakerOpenError) throw mapBreakerOpen(error);
      throw error;
    }
  }

  private async fetchJson<T>(
    path: string,
    query: Query,
    schema: ZodType<T>,
    what: string,
    signal?: AbortSignal,
    body?: unknown,
  ) {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 5_000);
    const response = await this.send(path, query, timeout, signal, body);
    if (!response.ok) throw await this.failure(response, what);
    return this.parsed(response, schema, path, timeout);
  }

  /**
   * The body read as JSON and checked against `schema`: a body cut off (or timed out) is a transport
   * failure, one of another shape is logged and answered as the platform being unavailable.
   */
  private async parsed<T>(
    response: Response,
    schema: ZodType<T>,
    path: string,
    timeout: AbortSignal,
  ): Promise<T> {
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw mapTransportFailure(error, timeout.aborted);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      this.options.logger.error(
        { path, issues: parsed.error.issues },
        "unexpected Infuse-IoT response shape",
      );
      throw new UpstreamUnavailableError("The IoT platform answered with an unexpected response.");
    }
    return parsed.data;
  }

  private async send(path: string, query: Query, timeout: AbortSignal, signal?: AbortSignal, body?: unknown) {
    const url = new URL(this.base + path);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    try {
      return await this.fetchImpl(url, {
        ...(body === undefined
          ? { headers: { accept: "application/json", ...authHeader(this.options.apiKey) } }
          : {
              method: "POST",
              body: JSON.stringify(body),
              headers: {
                accept: "application/json",
                "content-type": "application/json",
                ...authHeader(this.options.apiKey),
              },
            }),
        // Never follow: the credential header must reach the platform's origin only (see
        // PlatformRedirectError); a 3xx comes back as a response and is refused.
        redirect: "manual",
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (error) {
      throw mapTransportFailure(error, timeout.aborted);
    }
  }

  private async failure(response: Response, what: string): Promise<AppError> {
    const body = await response.json().catch(() => undefined);
    const pauseMs =
      response.status === 429 ? retryAfterMs(response.headers.get("retry-after"), Date.now()) : 0;
    const error = mapPlatformStatus(response.status, body, what, pauseMs);
    if (error instanceof PlatformRateLimitedError) void this.options.throttle?.backOff(pauseMs);
    if (error instanceof PlatformRedirectError)
      this.options.logger.error(
        { status: response.status, url: response.url, location: response.headers.get("location") },
        "the Infuse-IoT platform answered with a redirect; redirects are not followed",
      );
    if (error instanceof PlatformCredentialError)
      this.options.logger.error(
        { status: response.status, url: response.url },
        "the Infuse-IoT platform refused the marketplace credential (check INFUSE_API_KEY)",
      );
    return error;
  }
}
