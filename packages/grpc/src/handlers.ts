import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { AssertionRejected, type MeshVerifier } from "@mp/auth";
import { METADATA_KEYS, type Principal, type ServiceCaller } from "@mp/contracts";
import {
  AppError,
  asAppError,
  assertNoControlCharacters,
  toGrpcError,
  UnauthenticatedError,
} from "@mp/errors";
import type { Logger } from "@mp/logger";
import { getTracer, incomingTraceContext } from "@mp/telemetry";
import { context, type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { rememberForwardable, runInCallScope } from "./call-scope";
import { metadataCarrier, readCredentials, readRequestId } from "./metadata";
import { recordServerCall } from "./metrics";

/** What a use case receives besides its input: who calls, the request id, cancellation and deadline. */
export interface CallContext {
  /**
   * The user the call is for, verified from the gateway's signed assertion (`actor` set when a service
   * forwarded it). Passing this object (or the whole context) to a downstream call forwards the user.
   */
  principal: Principal | undefined;
  /** A service calling as itself (never a user); only handlers that accept it by name act on it. */
  service?: ServiceCaller | undefined;
  requestId: string;
  /** Aborted when the client cancels or its deadline passes; pass it to downstream calls and queries. */
  signal: AbortSignal;
  /** Epoch ms when the caller stops waiting; downstream calls made for this one end by then. */
  deadline?: number | undefined;
  logger: Logger;
}

export type UnaryImpl<Req, Res> = (request: Req, ctx: CallContext) => Promise<Res>;

/** Maps a generated `...Handlers` interface to promise-returning implementations. */
export type UnaryImplementations<H> = {
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? UnaryImpl<Req, Res>
    : never;
};

type Handler = grpc.handleUnaryCall<unknown, unknown>;
const BIND = Symbol("@mp/grpc mesh binding");
type Bindable = Handler & { [BIND]?: (verifier: MeshVerifier) => Handler };

const STATUS_NAMES = Object.fromEntries(
  Object.entries(grpc.status).map(([name, code]) => [code, name]),
) as Record<number, string>;

const SERVER_SPAN = { kind: SpanKind.SERVER } as const;

/**
 * A call's logger, made on first use (at the usual levels most calls log nothing) with the call's request
 * id and RPC bound. A class rather than a closure per call: the unary path runs for every call.
 */
class CallLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private requestId: string | undefined,
    private readonly rpc: string,
  ) {}

  get(): Logger {
    this.made ??= this.parent.child({ requestId: this.requestId, rpc: this.rpc });
    return this.made;
  }

  /** The request id the verifier settled on (the caller sent none usable): later lines carry it. */
  rebind(requestId: string): void {
    this.requestId = requestId;
    this.made = undefined;
  }
}

/**
 * Adapt promise-returning use cases to grpc-js handlers. Before a use case runs, the call's assertions
 * are verified (no valid one: UNAUTHENTICATED, logged with the reason) and every string of the request is
 * checked for control characters (`validation-failed` naming the field). Each call then runs in the
 * caller's trace with a server span, inside its deadline's scope; every thrown error leaves as a gRPC
 * status with the contract code and the `x-mesh-answered` trailer, which tells clients it is an answer
 * (never to be retried). Unknown errors are logged with an error id and leave as `internal`.
 *
 * The verifier is the server's: `startGrpcServer` binds it. A handler never bound refuses every call.
 */
export function unaryHandlers<H>(
  service: string,
  implementations: UnaryImplementations<H>,
  logger: Logger,
): H {
  const tracer = getTracer(`grpc.${service}`);
  const handlers: Record<string, Bindable> = {};
  for (const [method, impl] of Object.entries(implementations) as [string, UnaryImpl<unknown, unknown>][]) {
    const rpc = `${service}/${method}`;
    const make =
      (verifier: MeshVerifier | undefined): Handler =>
      (call, callback) => {
        const startedAt = performance.now();
        const parent = incomingTraceContext(metadataCarrier(call.metadata), context.active());
        const deadline = deadlineOf(call);
        // The abort signal is made on first use: most use cases never read it.
        const signal = new CallSignal(call, deadline);
        const sentRequestId = readRequestId(call.metadata);
        // The call's logger is made on first use: at the usual levels most calls log nothing.
        const log = new CallLogger(logger, sentRequestId, rpc);
        const finish = (
          error: grpc.ServiceError | null,
          response: unknown,
          code: string | undefined,
          span: Span,
        ) => {
          signal.answered();
          const status = error ? (STATUS_NAMES[error.code] ?? String(error.code)) : "OK";
          recordServerCall({ service, method, status, code, startedAt });
          span.end();
          callback(error, response);
        };

        tracer.startActiveSpan(rpc, SERVER_SPAN, parent, async (span) => {
          try {
            const verified = await verifyLogging(verifier, call, log);
            if (verified.principal && verified.forwardable)
              rememberForwardable(verified.principal, verified.forwardable);
            // The request id the caller sent (bound by the call's MAC); the call's `jti` is the fallback.
            const requestId = sentRequestId ?? verified.requestId;
            if (requestId !== sentRequestId) log.rebind(requestId);
            const ctx = new UnaryCallContext(
              verified.principal,
              verified.service,
              requestId,
              deadline,
              signal,
              log,
            );
            assertNoControlCharacters(call.request);
            const response = await runInCallScope({ deadline }, () => impl(call.request, ctx));
            finish(null, response, undefined, span);
          } catch (error: unknown) {
            const answer = asAppError(error);
            let errorId: string | undefined;
            if (answer.code === "internal") {
              // An internal error a client of ours already logged keeps its id, so the edge shows that one.
              const known = answer.extensions.errorId;
              errorId = typeof known === "string" ? known : randomUUID();
              log.get().error({ err: error, errorId }, "unhandled error in gRPC handler");
              span.setStatus({ code: SpanStatusCode.ERROR, message: errorId });
            } else if (!(error instanceof AppError)) {
              log.get().warn({ err: error }, "a dependency is unavailable");
            }
            const wire = toGrpcError(error, errorId ? { errorId } : {}) as grpc.ServiceError;
            wire.metadata ??= new grpc.Metadata();
            wire.metadata.set(METADATA_KEYS.answered, answer.code);
            finish(wire, undefined, answer.code, span);
          }
        });
      };
    const unbound: Bindable = make(undefined);
    unbound[BIND] = (verifier) => make(verifier);
    handlers[method] = unbound;
  }
  return handlers as H;
}

/** The call's deadline (epoch ms), undefined when it has none. */
function deadlineOf(call: { getDeadline(): grpc.Deadline }): number | undefined {
  const rawDeadline = call.getDeadline();
  const deadlineMs = rawDeadline instanceof Date ? rawDeadline.getTime() : Number(rawDeadline);
  return Number.isFinite(deadlineMs) && deadlineMs > 0 ? deadlineMs : undefined;
}

/** A timer that aborts `controller` when `deadline` passes (none without a deadline); cleared once answered. */
function abortAtDeadline(
  controller: AbortController,
  deadline: number | undefined,
): NodeJS.Timeout | undefined {
  return deadline === undefined
    ? undefined
    : setTimeout(() => controller.abort(new Error("deadline exceeded")), Math.max(0, deadline - Date.now()));
}

/**
 * A unary call's abort signal, made when the use case first reads it: an AbortController, a `cancelled`
 * listener and a deadline timer for every call cost each call, though most use cases never read the signal.
 * Read after the client cancelled or the deadline passed, it is already aborted (with the same reasons).
 */
class CallSignal {
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private done = false;

  constructor(
    private readonly call: Pick<grpc.ServerUnaryCall<unknown, unknown>, "cancelled" | "on">,
    private readonly deadline: number | undefined,
  ) {}

  get(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = new AbortController();
    this.controller = controller;
    if (this.call.cancelled) {
      controller.abort(new Error("cancelled by the client"));
    } else if (this.deadline !== undefined && this.deadline <= Date.now()) {
      controller.abort(new Error("deadline exceeded"));
    } else if (!this.done) {
      this.call.on("cancelled", () => controller.abort(new Error("cancelled by the client")));
      this.timer = abortAtDeadline(controller, this.deadline);
    }
    return controller.signal;
  }

  /** The call is answered: the deadline timer, if any, stops. */
  answered(): void {
    this.done = true;
    clearTimeout(this.timer);
  }
}

/**
 * A unary call's context, its signal and logger made on first read. A class, not an object literal with
 * `get` members: V8 kept such a literal whose getters are fresh closures, and all they reach, alive through
 * young-generation collections until the next full one. Measured in isolation (a literal with one getter
 * over 4 KB, made 2,000 times a second): all of it promoted and a full collection every 0.7 s; the same as
 * a class: none (docs/benchmarks.md, eleventh stop). A class's getters live once, on its prototype.
 */
class UnaryCallContext implements CallContext {
  constructor(
    readonly principal: Principal | undefined,
    readonly service: ServiceCaller | undefined,
    readonly requestId: string,
    readonly deadline: number | undefined,
    private readonly callSignal: CallSignal,
    private readonly callLogger: CallLogger,
  ) {}

  get signal(): AbortSignal {
    return this.callSignal.get();
  }

  get logger(): Logger {
    return this.callLogger.get();
  }
}

function verify(
  verifier: MeshVerifier | undefined,
  call: grpc.ServerUnaryCall<unknown, unknown>,
  logger: Logger,
) {
  return verifyLogging(verifier, call, { get: () => logger });
}

/** `verify` with the logger made only when a refusal is logged. */
async function verifyLogging(
  verifier: MeshVerifier | undefined,
  call: grpc.ServerUnaryCall<unknown, unknown>,
  log: { get(): Logger },
) {
  if (!verifier) {
    log.get().error("gRPC handler has no mesh verifier (register it through startGrpcServer); call refused");
    throw new UnauthenticatedError("The service cannot verify callers.");
  }
  try {
    // The path the call arrived on: a call token made for another method does not verify.
    return await verifier.verifyCall({ ...readCredentials(call.metadata), method: call.getPath() });
  } catch (error) {
    if (!(error instanceof AssertionRejected)) throw error;
    log.get().warn({ reason: error.reason, peer: call.getPeer() }, "call refused: assertion not accepted");
    throw new UnauthenticatedError("The call's assertion is not accepted.");
  }
}

/**
 * The same implementation with every handler verifying against `verifier`. Refuses an implementation
 * holding a handler not made by `unaryHandlers`, so no RPC is served without verification.
 */
export function bindVerifier(
  implementation: grpc.UntypedServiceImplementation,
  verifier: MeshVerifier,
): grpc.UntypedServiceImplementation {
  const bound: grpc.UntypedServiceImplementation = {};
  for (const [method, handler] of Object.entries(implementation)) {
    const bind = (handler as Bindable)[BIND];
    if (!bind)
      throw new Error(`gRPC handler ${method} was not made by unaryHandlers; it would skip verification`);
    bound[method] = bind(verifier);
  }
  return bound;
}

export type StreamImpl<Req, Res> = (request: Req, ctx: CallContext) => AsyncIterable<Res>;

/** Maps a generated `...Handlers` interface's server-streaming methods to async-iterable implementations. */
export type StreamImplementations<H> = {
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleServerStreamingCall<
    infer Req,
    infer Res
  >
    ? StreamImpl<Req, Res>
    : never;
};

/**
 * Server-streaming twin of `unaryHandlers`: the same verification, control-character check, trace span,
 * metrics and error mapping. Each message the implementation yields is written with backpressure (the
 * next is pulled only once the transport drained), a client cancel or the deadline aborts `ctx.signal`
 * and stops the iteration, and an error thrown before the first message reaches the client as a status
 * with no message sent. Register the result beside the unary handlers (`{ ...unary, ...streaming }`).
 */
export function serverStreamHandlers<H>(
  service: string,
  implementations: StreamImplementations<H>,
  logger: Logger,
): H {
  const tracer = getTracer(`grpc.${service}`);
  const handlers: Record<string, Bindable> = {};
  for (const [method, impl] of Object.entries(implementations) as [string, StreamImpl<unknown, unknown>][]) {
    const make =
      (verifier: MeshVerifier | undefined) =>
      (call: grpc.ServerWritableStream<unknown, unknown>): void => {
        const startedAt = performance.now();
        const parent = incomingTraceContext(metadataCarrier(call.metadata), context.active());
        const controller = new AbortController();
        let cancelled = false;
        call.on("cancelled", () => {
          cancelled = true;
          controller.abort(new Error("cancelled by the client"));
        });
        const deadline = deadlineOf(call);
        const timer = abortAtDeadline(controller, deadline);
        const rpc = `${service}/${method}`;
        const sentRequestId = readRequestId(call.metadata);
        let callLogger = logger.child({ requestId: sentRequestId, rpc });

        tracer.startActiveSpan(rpc, { kind: SpanKind.SERVER }, parent, async (span) => {
          const finish = (status: string, code?: string) => {
            clearTimeout(timer);
            recordServerCall({ service, method, status, code, startedAt });
            span.end();
          };
          try {
            const verified = await verify(verifier, call as never, callLogger);
            if (verified.principal && verified.forwardable)
              rememberForwardable(verified.principal, verified.forwardable);
            const requestId = sentRequestId ?? verified.requestId;
            if (requestId !== sentRequestId) callLogger = logger.child({ requestId, rpc });
            const ctx: CallContext = {
              principal: verified.principal,
              service: verified.service,
              requestId,
              signal: controller.signal,
              deadline,
              logger: callLogger,
            };
            assertNoControlCharacters(call.request);
            await runInCallScope({ deadline }, async () => {
              for await (const message of impl(call.request, ctx)) {
                if (cancelled) break;
                if (!call.write(message)) await waitForDrain(call, controller.signal);
              }
            });
            if (cancelled) {
              finish("CANCELLED");
              return;
            }
            call.end();
            finish("OK");
          } catch (error: unknown) {
            if (cancelled) {
              finish("CANCELLED");
              return;
            }
            const answer = asAppError(error);
            let errorId: string | undefined;
            if (answer.code === "internal") {
              const known = answer.extensions.errorId;
              errorId = typeof known === "string" ? known : randomUUID();
              callLogger.error({ err: error, errorId }, "unhandled error in gRPC streaming handler");
              span.setStatus({ code: SpanStatusCode.ERROR, message: errorId });
            } else if (!(error instanceof AppError)) {
              callLogger.warn({ err: error }, "a dependency is unavailable");
            }
            const wire = toGrpcError(error, errorId ? { errorId } : {}) as grpc.ServiceError;
            wire.metadata ??= new grpc.Metadata();
            wire.metadata.set(METADATA_KEYS.answered, answer.code);
            finish(STATUS_NAMES[wire.code] ?? String(wire.code), answer.code);
            call.emit("error", wire);
          }
        });
      };
    const unbound = make(undefined) as unknown as Bindable;
    unbound[BIND] = (verifier) => make(verifier) as unknown as Handler;
    handlers[method] = unbound;
  }
  return handlers as H;
}

/** Resolves once the stream drained, or once the call ended (cancelled, deadline) so the loop can stop. */
function waitForDrain(call: grpc.ServerWritableStream<unknown, unknown>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      call.off("drain", done);
      call.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    call.once("drain", done);
    call.once("close", done);
    signal.addEventListener("abort", done, { once: true });
  });
}
