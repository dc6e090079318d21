import { ERROR_CODES, type ErrorCode } from "./codes";

/** Field path (`body.name`, `query.pageSize`, `path.id`) to the messages that explain it. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error family business code throws. It carries a contract code and never an HTTP or gRPC
 * status: the transports map it at the edge, so domain code stays transport-free.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra problem members the contract defines for this code (`unmet`, `state`, `errors`, `reasons`). */
  readonly extensions: Record<string, unknown>;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { extensions?: Record<string, unknown>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.extensions = options.extensions ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(
    readonly errors: FieldErrors,
    detail = "One or more fields are invalid.",
  ) {
    super("validation-failed", detail, { extensions: { errors } });
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super("not-found", `${what} was not found.`);
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = "Your credentials do not carry the role this route needs.") {
    super("forbidden", detail);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(detail = "A valid bearer token or API key is required.") {
    super("unauthenticated", detail);
  }
}

/** A 409 of the contract: the request is well formed but the resource's state forbids it. */
export class ConflictError extends AppError {}

/**
 * 409 `request-id-reused`: a creation done once per request id met the request id of an earlier one with
 * other values. `member` names the problem member that carries what the earlier one created
 * (`instanceId`, `rolloutId`, `endpointId`, `listingId`).
 */
export class RequestIdReusedError extends ConflictError {
  constructor(requestId: string, what: string, createdId: string, member: string) {
    super(
      "request-id-reused",
      `Request id ${requestId} already created ${what} ${createdId} with other values; send a new X-Request-Id for a new ${what}.`,
      { extensions: { [member]: createdId } },
    );
  }
}

export class UpstreamUnavailableError extends AppError {
  constructor(detail: string, retryAfterSeconds = 5, cause?: unknown) {
    super("upstream-unavailable", detail, { retryAfterSeconds, cause });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
