import { AppError, UpstreamUnavailableError } from "./app-error";

/**
 * A dependency that is down or overloaded is not a bug in the request: the client should retry later,
 * which is what `upstream-unavailable` (503 with `Retry-After`) tells it, while `internal` (500) tells it
 * the server is broken. This module recognises the first kind among the raw errors PostgreSQL (`pg`),
 * Node's sockets and the AWS SDK throw, by their documented shapes (SQLSTATE codes, errno codes,
 * `$fault`/`$metadata`) so no package here depends on those libraries.
 */

/** Seconds a client should wait: longer for a dependency that is down than for one that is busy. */
const RETRY_DOWN_SECONDS = 5;
const RETRY_BUSY_SECONDS = 2;

/** Socket and DNS failures reaching any dependency (PostgreSQL, object storage, the IoT platform). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EADDRNOTAVAIL",
]);

/** SQLSTATE codes meaning "the database cannot serve this now", not "this request is wrong". */
const SQLSTATE_BUSY = new Set([
  "57014", // query_canceled: statement_timeout (or a cancel from an operator)
  "55P03", // lock_not_available: lock_timeout
  "40001", // serialization_failure: lost to a concurrent transaction (left after any retries)
  "40P01", // deadlock_detected: ended to break a deadlock with a concurrent transaction
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded
  "53000", // insufficient_resources
  "53100", // disk_full
  "53200", // out_of_memory
]);
const SQLSTATE_DOWN = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, in recovery)
  "57P05", // idle_session_timeout
  "58000", // system_error
  "58030", // io_error
]);

/**
 * `pg` reports these without a code: the pool's `connectionTimeoutMillis` (pool exhausted or server
 * slow to accept), and a connection lost mid-query.
 */
const PG_MESSAGES_BUSY = [/^timeout exceeded when trying to connect$/i, /^Query read timeout$/i];
const PG_MESSAGES_DOWN = [
  /^Connection terminated due to connection timeout$/i,
  /^Connection terminated unexpectedly$/i,
  /^Connection terminated$/i,
  /^Client has encountered a connection error and is not queryable$/i,
  /^Client was closed and is not queryable$/i,
];

/** AWS SDK errors that mean "try again later" even without a 5xx status. */
const AWS_RETRY_NAMES = new Set([
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
  "SlowDown",
  "ServiceUnavailable",
  "InternalError",
  "ThrottlingException",
  "Throttling",
]);

type Kind = { dependency: "database" | "object storage" | "a dependency"; busy: boolean };

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  errors?: unknown;
  cause?: unknown;
}

function classifyOne(error: ErrorShape): Kind | undefined {
  const code = typeof error.code === "string" ? error.code : undefined;
  const message = typeof error.message === "string" ? error.message : "";
  // pg's DatabaseError: a SQLSTATE and a severity.
  if (code && /^[0-9A-Z]{5}$/.test(code) && typeof error.severity === "string") {
    if (code.startsWith("08")) return { dependency: "database", busy: false };
    if (SQLSTATE_BUSY.has(code)) return { dependency: "database", busy: true };
    if (SQLSTATE_DOWN.has(code)) return { dependency: "database", busy: false };
    return undefined;
  }
  const aws = error.$metadata !== undefined && typeof error.$metadata === "object";
  if (code && NETWORK_CODES.has(code)) {
    return { dependency: aws ? "object storage" : "a dependency", busy: code === "ETIMEDOUT" };
  }
  if (aws) {
    const httpStatus = Number(error.$metadata?.httpStatusCode);
    if (error.$fault === "server" || httpStatus >= 500) return { dependency: "object storage", busy: true };
    if (typeof error.name === "string" && AWS_RETRY_NAMES.has(error.name)) {
      return { dependency: "object storage", busy: true };
    }
    return undefined;
  }
  if (PG_MESSAGES_BUSY.some((pattern) => pattern.test(message)))
    return { dependency: "database", busy: true };
  if (PG_MESSAGES_DOWN.some((pattern) => pattern.test(message))) {
    return { dependency: "database", busy: false };
  }
  return undefined;
}

/** The error itself, then its causes and the members of an AggregateError (Node's dual-stack connect). */
function classify(error: unknown, depth: number): Kind | undefined {
  if (error === null || typeof error !== "object" || depth > 5) return undefined;
  if (error instanceof AppError) return undefined;
  const shape = error as ErrorShape;
  const own = classifyOne(shape);
  if (own) return own;
  if (Array.isArray(shape.errors)) {
    for (const member of shape.errors) {
      const found = classify(member, depth + 1);
      if (found) return found;
    }
  }
  return classify(shape.cause, depth + 1);
}

/**
 * `upstream-unavailable` for an error that says a dependency is down or overloaded: a PostgreSQL
 * connection failure, pool exhaustion or connect timeout, statement or lock timeout, a serialization
 * failure or deadlock (the transaction lost to a concurrent one: retrying shortly succeeds), too many connections,
 * a server shutting down; an object-store 5xx, throttling or timeout; a socket or DNS failure. Undefined
 * for anything else (which stays `internal`) and for AppErrors (which already say what they mean). The
 * original error is kept as `cause` for the log; the detail names only the kind of dependency.
 */
export function unavailableDependency(error: unknown): UpstreamUnavailableError | undefined {
  const kind = classify(error, 0);
  if (!kind) return undefined;
  const subject = kind.dependency === "a dependency" ? "A dependency" : `The ${kind.dependency}`;
  return new UpstreamUnavailableError(
    `${subject} is ${kind.busy ? "busy" : "unavailable"}; retry shortly.`,
    kind.busy ? RETRY_BUSY_SECONDS : RETRY_DOWN_SECONDS,
    error,
  );
}

/**
 * Any thrown value as the AppError a transport sends: AppErrors as they are, a sick dependency as
 * `upstream-unavailable`, anything else as `internal` (carrying `errorId` in its extensions when given,
 * so the id the log line carries reaches the client). Messages of unknown errors never leave.
 */
export function asAppError(error: unknown, options: { errorId?: string } = {}): AppError {
  if (error instanceof AppError) return error;
  const unavailable = unavailableDependency(error);
  if (unavailable) return unavailable;
  return new AppError("internal", "An internal error occurred.", {
    cause: error,
    ...(options.errorId ? { extensions: { errorId: options.errorId } } : {}),
  });
}
