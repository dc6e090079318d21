import { randomUUID } from "node:crypto";
import type * as grpc from "@grpc/grpc-js";
import type { Principal, Role } from "@mp/contracts";
import { AppError, ForbiddenError, toGrpcError, UnauthenticatedError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { getTracer, incomingTraceContext } from "@mp/telemetry";
import { context, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { metadataCarrier, readPrincipal, readRequestId } from "./metadata";

/** What a use case receives besides its input: the caller, the request id and a cancellation signal. */
export interface CallContext {
  principal: Principal | undefined;
  requestId: string;
  /** Aborted when the client cancels or its deadline passes; pass it to downstream calls and queries. */
  signal: AbortSignal;
  logger: Logger;
}

/** The caller, or 401 when the call carries none (a service reached without the gateway). */
export function requirePrincipal(ctx: CallContext, role?: Role): Principal {
  if (!ctx.principal) throw new UnauthenticatedError("The call carries no principal.");
  if (role && !ctx.principal.roles.includes(role)) throw new ForbiddenError();
  return ctx.principal;
}

export type UnaryImpl<Req, Res> = (request: Req, ctx: CallContext) => Promise<Res>;

/** Maps a generated `...Handlers` interface to promise-returning implementations. */
export type UnaryImplementations<H> = {
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? UnaryImpl<Req, Res>
    : never;
};

/**
 * Adapt promise-returning use cases to grpc-js handlers: each call runs in the caller's trace context with
 * a server span, gets a CallContext from metadata, and has every thrown error mapped to a gRPC status with
 * the contract code. Unknown errors are logged with an error id and leave as `internal`.
 */
export function unaryHandlers<H>(
  service: string,
  implementations: UnaryImplementations<H>,
  logger: Logger,
): H {
  const tracer = getTracer(`grpc.${service}`);
  const handlers: Record<string, grpc.handleUnaryCall<unknown, unknown>> = {};
  for (const [method, impl] of Object.entries(implementations) as [string, UnaryImpl<unknown, unknown>][]) {
    handlers[method] = (call, callback) => {
      const parent = incomingTraceContext(metadataCarrier(call.metadata), context.active());
      const requestId = readRequestId(call.metadata) ?? randomUUID();
      const controller = new AbortController();
      call.on("cancelled", () => controller.abort(new Error("cancelled by the client")));
      const deadline = call.getDeadline();
      const deadlineMs = deadline instanceof Date ? deadline.getTime() : Number(deadline);
      const timer =
        Number.isFinite(deadlineMs) && deadlineMs > 0
          ? setTimeout(
              () => controller.abort(new Error("deadline exceeded")),
              Math.max(0, deadlineMs - Date.now()),
            )
          : undefined;
      tracer.startActiveSpan(`${service}/${method}`, { kind: SpanKind.SERVER }, parent, (span) => {
        const ctx: CallContext = {
          principal: readPrincipal(call.metadata),
          requestId,
          signal: controller.signal,
          logger: logger.child({ requestId, rpc: `${service}/${method}` }),
        };
        impl(call.request, ctx).then(
          (response) => {
            clearTimeout(timer);
            span.end();
            callback(null, response);
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (!(error instanceof AppError) || error.code === "internal") {
              const errorId = randomUUID();
              ctx.logger.error({ err: error, errorId }, "unhandled error in gRPC handler");
              span.setStatus({ code: SpanStatusCode.ERROR, message: errorId });
            }
            span.end();
            callback(toGrpcError(error));
          },
        );
      });
    };
  }
  return handlers as H;
}
