import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import { GATEWAY_SIGNER, type MeshCredentials, type MeshSigner, serviceSigner } from "@mp/auth";
import { METADATA_KEYS } from "@mp/contracts";
import { AppError, type ErrorCode, fromGrpcError } from "@mp/errors";
import { createLogger, type Logger } from "@mp/logger";
import { isNotExecuted } from "./admission";
import { forwardableAssertion, incomingDeadline } from "./call-scope";
import { buildMetadata, type Cancellable, type OutgoingContext } from "./metadata";
import { recordClientCall, recordClientRetry } from "./metrics";
import { PendingUnary } from "./pending-unary";
import { channelCredentials, type GrpcTlsChoice } from "./tls";

type AnyUnary = (
  argument: never,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: never,
) => grpc.ClientUnaryCall;

/** Names of a generated client's unary methods (the camelCase ones). */
export type UnaryMethod<C> = {
  [K in keyof C]: K extends `${Lowercase<infer F>}${string}`
    ? F extends ""
      ? never
      : C[K] extends AnyUnary
        ? K
        : never
    : never;
}[keyof C];

/** Request and response types of a unary method, read from its last (argument, callback) overload. */
export type RequestOf<F> = F extends (
  argument: infer A,
  callback: grpc.requestCallback<infer _R>,
) => grpc.ClientUnaryCall
  ? A
  : never;
export type ResponseOf<F> = F extends (
  argument: infer _A,
  callback: grpc.requestCallback<infer R>,
) => grpc.ClientUnaryCall
  ? R
  : never;

/** Names of a generated client's server-streaming methods (the camelCase ones). */
export type StreamMethod<C> = {
  [K in keyof C]: K extends `${Lowercase<infer F>}${string}`
    ? F extends ""
      ? never
      : C[K] extends (argument: never, options?: grpc.CallOptions) => grpc.ClientReadableStream<unknown>
        ? K
        : never
    : never;
}[keyof C];

/** Request and message types of a server-streaming method, read from its last (argument, options) overload. */
export type StreamRequestOf<F> = F extends (
  argument: infer A,
  options?: grpc.CallOptions,
) => grpc.ClientReadableStream<infer _R>
  ? A
  : never;
export type StreamMessageOf<F> = F extends (
  argument: infer _A,
  options?: grpc.CallOptions,
) => grpc.ClientReadableStream<infer R>
  ? R
  : never;

export interface RetryPolicy {
  /** Attempts in total, including the first. */
  maxAttempts: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  /**
   * Share of the call's budget the first attempt of an idempotent method may take (default 0.5): a
   * replica that stalls (just started, starved of CPU) then costs half the budget, and the rest goes to
   * an attempt on the next replica. 1: every attempt shares the one deadline.
   */
  firstAttemptShare?: number;
}

export interface ClientOptions {
  /** The service dialled (`catalogue`): named in errors, and the audience of every assertion sent. */
  upstream: string;
  /** Who this process is in the mesh; it makes every call's credentials (see `OutgoingContext`). */
  identity: MeshSigner;
  /** Where refused calls are logged with their error id (default: a logger named after the identity). */
  logger?: Logger;
  /** Budget of a whole call, all attempts included, unless the call or the call being served allows less. */
  deadlineMs?: number;
  /** Methods safe to repeat (reads, and writes made idempotent by the server). Only these are retried. */
  idempotent?: readonly string[];
  retry?: RetryPolicy;
  /** TLS material for the channel, `false` for plaintext (default: the process's, `useGrpcTls`). */
  tls?: GrpcTlsChoice;
  /** grpc-js channel options over the defaults (tests add `interceptors` to inject transport faults). */
  channelOptions?: grpc.ClientOptions;
}

const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  initialBackoffMs: 50,
  maxBackoffMs: 1_000,
  firstAttemptShare: 0.5,
};

/**
 * Channel defaults. `round_robin` spreads calls over every address the target resolves to (a headless
 * Service's pods with `dns:///name:port`); keepalive pings find dead connections while idle. grpc-js's own
 * transparent retry stays on: it only repeats a call the server never saw (refused on a closing
 * connection), which is safe for any method.
 */
const CHANNEL_DEFAULTS: grpc.ChannelOptions = {
  "grpc.service_config": JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  "grpc.keepalive_time_ms": 30_000,
  "grpc.keepalive_timeout_ms": 10_000,
  "grpc.keepalive_permit_without_calls": 1,
  "grpc.dns_min_time_between_resolutions_ms": 5_000,
  // A replica that was down is dialled again at most a second later (grpc-js's backoff grows to 2 min):
  // otherwise, after an outage, it gets no calls for many seconds, and when the other replica then stops
  // no subchannel is ready and every call fails. A refused dial to a peer is cheap.
  "grpc.initial_reconnect_backoff_ms": 250,
  "grpc.max_reconnect_backoff_ms": 1_000,
  // Channelz (live introspection nothing here reads) costs bookkeeping on every call.
  "grpc.enable_channelz": 0,
};

export interface UnaryClient<C> {
  /** Call a unary method: signed, with one deadline, retries (idempotent methods) and error mapping. */
  call<K extends UnaryMethod<C>>(
    method: K,
    request: RequestOf<C[K]>,
    ctx: OutgoingContext,
    options?: { deadlineMs?: number },
  ): Promise<ResponseOf<C[K]>>;
  /**
   * Call a server-streaming method: signed, one deadline for the whole stream, never retried. Messages
   * are pulled on demand (the transport's flow control holds the server back while the consumer is
   * slow); errors arrive as AppErrors; ending the iteration early cancels the call.
   */
  stream<K extends StreamMethod<C>>(
    method: K,
    request: StreamRequestOf<C[K]>,
    ctx: OutgoingContext,
    options?: { deadlineMs?: number },
  ): AsyncGenerator<StreamMessageOf<C[K]>, void, undefined>;
  close(): void;
  raw: C;
}

/**
 * Wrap a generated client constructor. Every call carries this process's signed assertion for the
 * upstream (and, from a service, the user's forwarded assertion); errors come back as AppErrors with the
 * contract code the downstream service answered (or `upstream-unavailable` for transport failures), so
 * callers never see grpc-js types.
 *
 * Retries: methods listed as idempotent on UNAVAILABLE that no handler answered (a service's own
 * `upstream-unavailable` carries the `x-mesh-answered` trailer and is final), and any method a server
 * refused before running it (a replica that is stopping: the not-executed trailer), with jittered backoff,
 * all within the call's one deadline. `round_robin` sends the next attempt to the next replica. The first
 * attempt of an idempotent method gets `firstAttemptShare` of the budget, and is repeated when that runs
 * out (DEADLINE_EXCEEDED), so one stalled replica does not spend a read's whole budget.
 *
 * A downstream refusal of the caller itself (`unauthenticated`, and from a service also `forbidden` and
 * `validation-failed`) is this process's fault, not its caller's: it becomes `internal`, logged with an
 * error id that travels in the error's `errorId` extension.
 */
export function createUnaryClient<C extends grpc.Client>(
  Ctor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  options: ClientOptions,
): UnaryClient<C> {
  const raw = new Ctor(address, channelCredentials(options.tls), {
    ...CHANNEL_DEFAULTS,
    ...options.channelOptions,
  });
  const { identity, upstream } = options;
  const logger = options.logger ?? createLogger({ service: identity.name });
  const audience = serviceSigner(upstream);
  const retry = options.retry ?? DEFAULT_RETRY;
  const idempotent = new Set(options.idempotent ?? []);
  const callerFaults: ReadonlySet<ErrorCode> = new Set(
    identity.name === GATEWAY_SIGNER
      ? ["unauthenticated"]
      : ["unauthenticated", "forbidden", "validation-failed"],
  );

  /** An internal error with an id that is logged here and travels on to the edge. */
  const internal = (message: string, details: Record<string, unknown>, cause?: unknown): AppError => {
    const errorId = randomUUID();
    logger.error({ ...details, errorId, upstream }, message);
    return new AppError("internal", "An internal error occurred.", { extensions: { errorId }, cause });
  };

  // Each method's full path (`/package.Service/Method`), which every assertion names; by camelCase name.
  const paths = methodPaths(Ctor);

  const credentials = (ctx: OutgoingContext, method: string): MeshCredentials => {
    const { requestId, principal } = ctx;
    const path = paths.get(method);
    if (!path) throw new Error(`${upstream} client has no method ${method}`);
    if (!principal)
      return identity.sign({
        audience,
        method: path,
        requestId,
        subject: { organisationId: ctx.organisationId },
      });
    if (identity.name === GATEWAY_SIGNER)
      return identity.sign({ audience, method: path, requestId, subject: { user: principal } });
    const onBehalfOf = forwardableAssertion(principal);
    if (!onBehalfOf)
      throw internal("no user assertion to forward: pass the principal of the call being served", {
        method,
        requestId,
        actor: principal.actor,
      });
    return identity.sign({ audience, method: path, requestId, subject: {}, onBehalfOf });
  };

  const attempt = <Res>(
    method: string,
    request: unknown,
    metadata: grpc.Metadata,
    deadline: number,
    ctx: OutgoingContext,
  ) => {
    const fn = (raw as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)[method];
    if (!fn) return Promise.reject(new Error(`${upstream} client has no method ${method}`));
    const pending = new PendingUnary<Res>(ctx.cancelScope, signalOf(ctx));
    return pending.start((callback) => {
      const limit = Error.stackTraceLimit;
      // Started without the stack grpc-js captures for each call (`new Error()` in every unary call, kept
      // only to append "for call at ..." to a failed call's error). Errors leave this client as AppErrors,
      // whose own stack, code and message are unchanged, so the capture was pure cost on every call.
      Error.stackTraceLimit = 0;
      try {
        return fn.call(raw, request, metadata, { deadline }, callback);
      } finally {
        Error.stackTraceLimit = limit;
      }
    });
  };

  const toAppError = (error: unknown, method: string): AppError => {
    const appError = fromGrpcError(error, upstream);
    if (!callerFaults.has(appError.code)) return appError;
    return internal(
      `${upstream} refused this process's call (${appError.code})`,
      { method, code: appError.code, detail: appError.message, extensions: appError.extensions },
      appError,
    );
  };
  /**
   * The AppError a failed call leaves with, once its outcome is recorded: the gRPC status it ended with
   * (INTERNAL when it has none, as for an error thrown before the call) and the contract code.
   */
  const failedCall = (error: unknown, method: string, startedAt: number): AppError => {
    const appError = error instanceof AppError ? error : toAppError(error, method);
    const status = (error as Partial<grpc.ServiceError>).code;
    recordClientCall({
      service: upstream,
      method,
      status: status === undefined ? "INTERNAL" : (grpc.status[status] ?? String(status)),
      code: appError.code,
      startedAt,
    });
    return appError;
  };

  return {
    raw,
    close: () => raw.close(),
    async *stream(method, request, ctx, callOptions) {
      const name = String(method);
      const startedAt = performance.now();
      const budget = callOptions?.deadlineMs ?? options.deadlineMs ?? 5_000;
      const deadline = Math.min(
        Date.now() + budget,
        ctx.deadline ?? Infinity,
        incomingDeadline() ?? Infinity,
      );
      const fn = (raw as unknown as Record<string, (...args: unknown[]) => grpc.ClientReadableStream<never>>)[
        name
      ];
      if (!fn) throw new Error(`${upstream} client has no method ${name}`);
      let call: grpc.ClientReadableStream<never> | undefined;
      let ended = false;
      const onAbort = () => call?.cancel();
      const scope = ctx.cancelScope;
      const signal = signalOf(ctx);
      const watcher: Cancellable = { cancel: onAbort };
      try {
        const metadata = buildMetadata(ctx.requestId, credentials(ctx, name));
        call = fn.call(raw, request, metadata, { deadline });
        if (cancelled(ctx)) call.cancel();
        else if (scope) scope.watch(watcher);
        else signal?.addEventListener("abort", onAbort, { once: true });
        for await (const message of call) yield message;
        ended = true;
        recordClientCall({ service: upstream, method: name, status: "OK", startedAt });
      } catch (error) {
        ended = true;
        throw failedCall(error, name, startedAt);
      } finally {
        scope?.unwatch(watcher);
        signal?.removeEventListener("abort", onAbort);
        // The consumer stopped early (client gone): tell the server to stop producing.
        if (!ended) call?.cancel();
      }
    },
    async call(method, request, ctx, callOptions) {
      const name = String(method);
      const startedAt = performance.now();
      const budget = callOptions?.deadlineMs ?? options.deadlineMs ?? 5_000;
      const deadline = Math.min(
        Date.now() + budget,
        ctx.deadline ?? Infinity,
        incomingDeadline() ?? Infinity,
      );
      const safe = idempotent.has(name);
      const attempts = Math.max(1, retry.maxAttempts);
      const share = safe && attempts > 1 ? Math.min(1, retry.firstAttemptShare ?? 0.5) : 1;
      const now = Date.now();
      const firstDeadline = share < 1 ? Math.round(now + (deadline - now) * share) : deadline;
      try {
        for (let n = 1; ; n++) {
          try {
            // Made per attempt: a verifier accepts each call token once, so a retry carries its own.
            const metadata = buildMetadata(ctx.requestId, credentials(ctx, name));
            const response = await attempt<ResponseOf<C[typeof method]>>(
              name,
              request,
              metadata,
              n === 1 ? firstDeadline : deadline,
              ctx,
            );
            recordClientCall({ service: upstream, method: name, status: "OK", startedAt });
            return response;
          } catch (error) {
            const ceiling = Math.min(retry.maxBackoffMs, retry.initialBackoffMs * 2 ** (n - 1));
            const backoff = ceiling / 2 + Math.random() * (ceiling / 2);
            const again =
              n < attempts &&
              ((safe && isTransportUnavailable(error)) ||
                isNotExecuted(error) ||
                (n === 1 && firstDeadline < deadline && isDeadlineExceeded(error))) &&
              !cancelled(ctx) &&
              Date.now() + backoff < deadline;
            if (!again) throw error;
            recordClientRetry(upstream, name);
            // A scope has no signal to wake the sleep: it is checked after (the backoff is at most a second).
            const signal = signalOf(ctx);
            await sleep(backoff, undefined, signal ? { signal } : {}).catch(() => undefined);
            if (cancelled(ctx)) throw error;
          }
        }
      } catch (error) {
        throw failedCall(error, name, startedAt);
      }
    },
  };
}

/** The full path of every method of a generated client, under its camelCase and its proto name. */
function methodPaths(Ctor: unknown): Map<string, string> {
  const paths = new Map<string, string>();
  const service = (Ctor as { service?: grpc.ServiceDefinition }).service ?? {};
  for (const [name, definition] of Object.entries(service)) {
    paths.set(name, definition.path);
    const original = (definition as { originalName?: string }).originalName;
    if (original) paths.set(original, definition.path);
  }
  return paths;
}

/** Whether the caller has gone: its cancel scope cancelled, or (without one) its signal aborted. */
function cancelled(ctx: OutgoingContext): boolean {
  return ctx.cancelScope ? ctx.cancelScope.cancelled : ctx.signal?.aborted === true;
}

/** The caller's abort signal, which is not read when it gave a cancel scope (the scope replaces it). */
function signalOf(ctx: OutgoingContext): AbortSignal | undefined {
  return ctx.cancelScope ? undefined : ctx.signal;
}

/** The attempt's own deadline passed (grpc-js's status, not an answer a handler gave). */
function isDeadlineExceeded(error: unknown): boolean {
  const serviceError = error as Partial<grpc.ServiceError>;
  return (
    serviceError.code === grpc.status.DEADLINE_EXCEEDED &&
    (serviceError.metadata?.get(METADATA_KEYS.answered).length ?? 0) === 0
  );
}

/** UNAVAILABLE that no handler answered: the connection failed or closed, the call may be repeated. */
export function isTransportUnavailable(error: unknown): boolean {
  const serviceError = error as Partial<grpc.ServiceError>;
  return (
    serviceError.code === grpc.status.UNAVAILABLE &&
    (serviceError.metadata?.get(METADATA_KEYS.answered).length ?? 0) === 0
  );
}
