/**
 * A fetch wrapper that retries 429 and 503 answers, waiting as their `Retry-After` says. Only requests that
 * are safe to repeat are retried: idempotent methods, the creations the API does once per request id and a
 * webhook secret's rotation (each gets an `X-Request-Id` unless it has one, the same on every attempt), or
 * any method carrying an `Idempotency-Key`. Attempts and the total wait are bounded; an answer asking for a
 * longer wait than the budget has left is returned as it is, so the caller sees the 429/503 problem
 * instead of hanging.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (default 3; 1 disables retries). */
  maxAttempts?: number;
  /** Total time spent waiting between attempts, in milliseconds (default 30 000). */
  maxTotalWaitMs?: number;
  /** Wait when an answer names no `Retry-After`, doubled on each retry (default 500 ms). */
  baseDelayMs?: number;
  /** How to wait; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** The current time in milliseconds, for `Retry-After` dates (default `Date.now`). */
  now?: () => number;
}

export type FetchLike = (input: Request) => Promise<Response>;

const RETRIED_STATUSES = new Set([429, 503]);
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The POSTs the API does once per `X-Request-Id` (docs/api.md, "Repeating a creation"): the same request
 * sent again with the same id answers what the first one made.
 */
export const ONCE_PER_REQUEST_ID = [
  "/marketplace/instances",
  "/marketplace/providers/listings/{marketplaceItemId}",
  "/marketplace/providers/rollouts",
  "/marketplace/webhook-endpoints",
] as const;

/**
 * The POSTs a repeat under the same `X-Request-Id` does not do again: the creations above and a webhook
 * secret's rotation (a repeat of the latest rotation answers its secret).
 */
const REPEATABLE_UNDER_REQUEST_ID = [
  ...ONCE_PER_REQUEST_ID,
  "/marketplace/webhook-endpoints/{id}/rotate-secret",
] as const;

/** Each path template as a pattern of the end of a request's path: a `{parameter}` is one segment. */
const REPEATABLE_UNDER_REQUEST_ID_PATTERNS = REPEATABLE_UNDER_REQUEST_ID.map(
  (template) => new RegExp(`${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
);

function isRepeatableUnderRequestId(request: Request): boolean {
  if (request.method.toUpperCase() !== "POST") return false;
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  return REPEATABLE_UNDER_REQUEST_ID_PATTERNS.some((pattern) => pattern.test(path));
}

/** Whether repeating `request` cannot do the work twice (a POST repeatable under its request id must carry it). */
export function isRetrySafe(request: Request): boolean {
  return (
    IDEMPOTENT_METHODS.has(request.method.toUpperCase()) ||
    request.headers.has("idempotency-key") ||
    (isRepeatableUnderRequestId(request) && request.headers.has("x-request-id"))
  );
}

/**
 * Milliseconds a `Retry-After` value asks for: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function retryingFetch(fetchImpl: FetchLike, policy: RetryPolicy = {}): FetchLike {
  const maxAttempts = Math.max(1, policy.maxAttempts ?? 3);
  const maxTotalWaitMs = policy.maxTotalWaitMs ?? 30_000;
  const baseDelayMs = policy.baseDelayMs ?? 500;
  const sleep = policy.sleep ?? defaultSleep;
  const now = policy.now ?? Date.now;

  return async (request) => {
    // One id for every attempt, so a repeat is answered with what the first attempt made. (A browser
    // page outside a secure context has no randomUUID: the request then goes once, as any POST.)
    if (isRepeatableUnderRequestId(request) && !request.headers.has("x-request-id")) {
      const id = globalThis.crypto?.randomUUID?.();
      if (id) request.headers.set("x-request-id", id);
    }
    if (!isRetrySafe(request)) return fetchImpl(request);
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      // Each attempt sends a fresh copy: a body stream can be read only once.
      const response = await fetchImpl(attempt < maxAttempts ? request.clone() : request);
      if (!RETRIED_STATUSES.has(response.status) || attempt >= maxAttempts) return response;
      const delay =
        parseRetryAfter(response.headers.get("retry-after"), now()) ?? baseDelayMs * 2 ** (attempt - 1);
      if (waited + delay > maxTotalWaitMs) return response;
      await response.body?.cancel();
      await sleep(delay);
      waited += delay;
    }
  };
}
