import * as grpc from "@grpc/grpc-js";
import { fromGrpcError } from "@mp/errors";
import { buildMetadata, type OutgoingContext } from "./metadata";

type Callback<Res> = (error: grpc.ServiceError | null, response?: Res) => void;
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

export interface RetryPolicy {
  /** Attempts in total, including the first. */
  maxAttempts: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export interface ClientOptions {
  /** Name used in errors (`catalogue is unavailable`). */
  upstream: string;
  /** Deadline of each call unless the call says otherwise. */
  deadlineMs?: number;
  /** Methods safe to repeat (reads, and writes made idempotent by the server). Only these are retried. */
  idempotent?: readonly string[];
  retry?: RetryPolicy;
}

const RETRYABLE = new Set([
  grpc.status.UNAVAILABLE,
  grpc.status.DEADLINE_EXCEEDED,
  grpc.status.RESOURCE_EXHAUSTED,
]);
const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, initialBackoffMs: 100, maxBackoffMs: 1_000 };

export interface UnaryClient<C> {
  /** Call a unary method with deadline, metadata propagation, retries (idempotent methods) and error mapping. */
  call<K extends UnaryMethod<C>>(
    method: K,
    request: RequestOf<C[K]>,
    ctx: OutgoingContext,
    options?: { deadlineMs?: number },
  ): Promise<ResponseOf<C[K]>>;
  close(): void;
  raw: C;
}

/**
 * Wrap a generated client constructor. Errors come back as AppErrors with the contract code the downstream
 * service raised (or `upstream-unavailable` for transport failures), so callers never see grpc-js types.
 */
export function createUnaryClient<C extends grpc.Client>(
  Ctor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  options: ClientOptions,
): UnaryClient<C> {
  const raw = new Ctor(address, grpc.credentials.createInsecure(), {
    "grpc.keepalive_time_ms": 30_000,
    "grpc.enable_retries": 0,
  });
  const retry = options.retry ?? DEFAULT_RETRY;
  const idempotent = new Set(options.idempotent ?? []);

  const attempt = <Res>(method: string, request: unknown, ctx: OutgoingContext, deadlineMs: number) =>
    new Promise<Res>((resolve, reject) => {
      const fn = (raw as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)[method];
      if (!fn) throw new Error(`${options.upstream} client has no method ${method}`);
      const call = fn.call(raw, request, buildMetadata(ctx), { deadline: Date.now() + deadlineMs }, ((
        error,
        response,
      ) => (error ? reject(error) : resolve(response as Res))) satisfies Callback<unknown>);
      ctx.signal?.addEventListener("abort", () => call.cancel(), { once: true });
    });

  return {
    raw,
    close: () => raw.close(),
    async call(method, request, ctx, callOptions) {
      const deadlineMs = callOptions?.deadlineMs ?? options.deadlineMs ?? 5_000;
      const attempts = idempotent.has(String(method)) ? retry.maxAttempts : 1;
      for (let n = 1; ; n++) {
        try {
          return await attempt(String(method), request, ctx, deadlineMs);
        } catch (error) {
          const code = (error as grpc.ServiceError).code;
          if (n >= attempts || !RETRYABLE.has(code) || ctx.signal?.aborted)
            throw fromGrpcError(error, options.upstream);
          const backoff = Math.min(retry.maxBackoffMs, retry.initialBackoffMs * 2 ** (n - 1));
          await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * (backoff / 2)));
        }
      }
    },
  };
}
