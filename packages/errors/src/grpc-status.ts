import { Metadata, type ServiceError, status } from "@grpc/grpc-js";
import { AppError } from "./app-error";
import { type ErrorCode, isErrorCode } from "./codes";
import { asAppError } from "./infrastructure-errors";

/** Metadata key carrying the contract code and extensions across a gRPC hop. */
export const ERROR_METADATA_KEY = "mp-error-bin";

const GRPC_BY_CODE: Record<ErrorCode, status> = {
  "validation-failed": status.INVALID_ARGUMENT,
  "invalid-signature": status.INVALID_ARGUMENT,
  unauthenticated: status.UNAUTHENTICATED,
  forbidden: status.PERMISSION_DENIED,
  "not-found": status.NOT_FOUND,
  "already-linked": status.ALREADY_EXISTS,
  "item-not-ready": status.FAILED_PRECONDITION,
  "invalid-state": status.FAILED_PRECONDITION,
  "gallery-full": status.FAILED_PRECONDITION,
  "asset-not-ready": status.FAILED_PRECONDITION,
  "asset-invalid": status.FAILED_PRECONDITION,
  "upload-expired": status.FAILED_PRECONDITION,
  "not-offered": status.FAILED_PRECONDITION,
  "price-below-base": status.FAILED_PRECONDITION,
  "purchase-not-active": status.FAILED_PRECONDITION,
  "release-incompatible": status.FAILED_PRECONDITION,
  "not-listed": status.FAILED_PRECONDITION,
  "already-purchased": status.FAILED_PRECONDITION,
  "refund-exceeds-remaining": status.FAILED_PRECONDITION,
  "request-id-reused": status.ALREADY_EXISTS,
  "payload-too-large": status.RESOURCE_EXHAUSTED,
  "unsupported-media-type": status.INVALID_ARGUMENT,
  "rate-limited": status.RESOURCE_EXHAUSTED,
  internal: status.INTERNAL,
  "not-implemented": status.UNIMPLEMENTED,
  "upstream-unavailable": status.UNAVAILABLE,
};

interface WireError {
  code: ErrorCode;
  detail: string;
  extensions: Record<string, unknown>;
  retryAfterSeconds?: number;
}

/**
 * Server side: turn any thrown value into the gRPC error a handler callback takes. A sick dependency
 * (database, object storage) leaves as `upstream-unavailable`; anything else unknown as `internal`, with
 * `errorId` (the id the handler logged it under) in its extensions when given.
 */
export function toGrpcError(error: unknown, options: { errorId?: string } = {}): Partial<ServiceError> {
  const appError = asAppError(error, options);
  const extensions =
    appError.code === "internal" && options.errorId
      ? { ...appError.extensions, errorId: options.errorId }
      : appError.extensions;
  const wire: WireError = {
    code: appError.code,
    detail: appError.message,
    extensions,
    ...(appError.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: appError.retryAfterSeconds }),
  };
  const metadata = new Metadata();
  metadata.set(ERROR_METADATA_KEY, Buffer.from(JSON.stringify(wire)));
  return { code: GRPC_BY_CODE[appError.code], details: appError.message, metadata };
}

/**
 * Client side: rebuild the AppError a downstream service raised. Transport failures with no contract
 * code (deadline, connection refused) become `upstream-unavailable`; anything else `internal`.
 */
export function fromGrpcError(error: unknown, upstream: string): AppError {
  if (error instanceof AppError) return error;
  const serviceError = error as Partial<ServiceError>;
  const raw = serviceError.metadata?.get(ERROR_METADATA_KEY)[0];
  if (raw !== undefined) {
    try {
      const wire = JSON.parse(Buffer.isBuffer(raw) ? raw.toString("utf8") : String(raw)) as WireError;
      if (isErrorCode(wire.code)) {
        return new AppError(wire.code, wire.detail, {
          extensions: wire.extensions,
          ...(wire.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: wire.retryAfterSeconds }),
        });
      }
    } catch {
      // fall through to the status mapping below
    }
  }
  switch (serviceError.code) {
    case status.UNAVAILABLE:
    case status.DEADLINE_EXCEEDED:
    case status.CANCELLED:
      return new AppError("upstream-unavailable", `${upstream} is unavailable.`, {
        retryAfterSeconds: 5,
        cause: error,
      });
    case status.NOT_FOUND:
      return new AppError("not-found", "The resource was not found.", { cause: error });
    case status.UNIMPLEMENTED:
      return new AppError("not-implemented", `${upstream} does not implement this call yet.`, {
        cause: error,
      });
    default:
      return new AppError("internal", "An internal error occurred.", { cause: error });
  }
}
