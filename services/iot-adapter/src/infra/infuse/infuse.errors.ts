import { AppError, NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { platformErrorSchema } from "./infuse.types";
import type { BreakerOpenError } from "./resilience";
import { DEFAULT_RETRY_AFTER_MS } from "./retry-after";

/**
 * A failure of the platform that says nothing about the marketplace's request: network errors, timeouts,
 * 5xx and 429. Retried on idempotent calls and counted by the circuit breaker; surfaces as
 * `upstream-unavailable`.
 */
export class PlatformTransientError extends UpstreamUnavailableError {
  constructor(
    detail: string,
    readonly httpStatus: number | undefined,
    cause?: unknown,
    retryAfterSeconds = 5,
  ) {
    super(detail, retryAfterSeconds, cause);
  }
}

/**
 * The platform answered 429: it is up but wants fewer calls. Transient (retried once the pause it asked
 * for is over) but not counted by the circuit breaker: the throttle's pause already holds calls back for
 * as long as the platform asked, where an open breaker would refuse them for its own fixed period.
 */
export class PlatformRateLimitedError extends PlatformTransientError {
  constructor(readonly retryAfterMs: number) {
    super(
      "The IoT platform is rate limiting the marketplace (HTTP 429).",
      429,
      undefined,
      Math.max(1, Math.ceil(retryAfterMs / 1000)),
    );
  }
}

/**
 * No token of the shared request budget (INFUSE_MAX_RPS) came within the bounded wait: nothing was sent.
 * Not transient (waiting again inside the same call would hold it longer than the bound): the caller, or
 * the queued job, tries again after `Retry-After`. Never counted by the breaker.
 */
export class PlatformBusyError extends UpstreamUnavailableError {
  constructor(retryAfterMs: number) {
    super(
      "The marketplace is at its request budget for the IoT platform; try again shortly.",
      Math.max(1, Math.ceil(retryAfterMs / 1000)),
    );
  }
}

/** The platform refused the marketplace's own credential: a configuration problem, never the caller's. */
export class PlatformCredentialError extends AppError {
  constructor(readonly httpStatus: number) {
    super(
      "upstream-unavailable",
      "The IoT platform refused the marketplace's credential; the marketplace is misconfigured.",
      { retryAfterSeconds: 5 },
    );
  }
}

/**
 * The platform answered with a redirect. Redirects are never followed: the credential header would travel
 * to wherever the platform points (fetch drops `Authorization` across origins but not `x-api-key`), and a
 * redirect is not an answer the adapter can use. Not transient: asking again brings the same redirect.
 */
export class PlatformRedirectError extends AppError {
  constructor(readonly httpStatus: number) {
    super("upstream-unavailable", `The IoT platform answered with a redirect (HTTP ${httpStatus}).`, {
      retryAfterSeconds: 5,
    });
  }
}

/** What the platform says about a non-2xx response, if its body is the documented `{code, message}`. */
export function platformMessage(body: unknown): string | undefined {
  const parsed = platformErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : undefined;
}

/**
 * Map a non-2xx platform response to the contract's errors:
 * 3xx -> upstream-unavailable (a redirect, never followed); 404 -> not-found; 401/403 -> upstream-unavailable (credential refused); 5xx -> upstream-unavailable
 * (transient); 429 -> upstream-unavailable (transient, with the pause its Retry-After asked for); 400/422 and any other status -> internal (the adapter sent something the platform rejects:
 * a bug here, not the caller's fault; the use cases validate input before calling).
 */
export function mapPlatformStatus(
  status: number,
  body: unknown,
  what: string,
  retryAfterMs = DEFAULT_RETRY_AFTER_MS,
): AppError {
  const message = platformMessage(body);
  if (status >= 300 && status < 400) return new PlatformRedirectError(status);
  if (status === 404) return new NotFoundError(what);
  if (status === 401 || status === 403) return new PlatformCredentialError(status);
  if (status === 429) return new PlatformRateLimitedError(retryAfterMs);
  if (status >= 500)
    return new PlatformTransientError(`The IoT platform is unavailable (HTTP ${status}).`, status);
  return new AppError("internal", `The IoT platform rejected a request (HTTP ${status}): ${message ?? ""}`);
}

/** Network failures and timeouts (a fetch that never produced a response). */
export function mapTransportFailure(error: unknown, timedOut: boolean): PlatformTransientError {
  return new PlatformTransientError(
    timedOut ? "The IoT platform did not answer in time." : "The IoT platform could not be reached.",
    undefined,
    error,
  );
}

export function mapBreakerOpen(error: BreakerOpenError): UpstreamUnavailableError {
  return new UpstreamUnavailableError(
    "The IoT platform is unavailable (circuit open after repeated failures).",
    Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
    error,
  );
}

export const isTransient = (error: unknown): boolean => error instanceof PlatformTransientError;

/** What the circuit breaker counts: transient failures other than a 429 (the platform is up). */
export const isOutage = (error: unknown): boolean =>
  isTransient(error) && !(error instanceof PlatformRateLimitedError);
