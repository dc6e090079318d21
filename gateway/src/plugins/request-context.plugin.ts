import { randomBytes, randomUUID } from "node:crypto";
import type { Cancellable, CancelScope } from "@mp/grpc";
import { getTracer, incomingTraceContext } from "@mp/telemetry";
import {
  type Context,
  context,
  isSpanContextValid,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from "@opentelemetry/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { v5 as uuidv5 } from "uuid";
import type { ZodApp } from "../zod-app";
import { routeOf } from "./route-of";

declare module "fastify" {
  interface FastifyRequest {
    /** Context holding this request's server span: upstream calls run inside it to continue the trace. */
    traceContext: Context;
    /** Trace id shown in problem bodies and the `traceparent` response header. */
    traceId: string;
    /** W3C `traceparent` of the server span, echoed on every response. */
    traceparent: string;
    /** Aborted when the client goes away before the response is sent (made on first read). */
    abortSignal: AbortSignal;
    /** The request's upstream calls, cancelled when the client goes away before the response is sent. */
    upstreamCalls: UpstreamCalls;
  }
}

/** What a client may send as `x-request-id`: short, printable, no spaces or quotes to smuggle into logs. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The namespace of the UUIDs made from request ids a client sent but that cannot be used as they are. */
const UNUSABLE_REQUEST_ID_NAMESPACE = "5f0e8a3c-6d1b-4c7e-9a2f-3b8d0c4e1f6a";

/**
 * The request id (fastify's `genReqId`): the client's when it is sane; a UUID made from it (v5) when it is
 * not, so the same header always names the same request (an ingress resending a POST to another gateway
 * resends the header, and a creation is done once per request id: docs/api.md); a fresh UUID without one,
 * or with an empty one (which names no request: made into one UUID, every such request would share it).
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  if (typeof header === "string" && SANE_REQUEST_ID.test(header)) return header;
  if (header === undefined || header.length === 0) return randomUUID();
  return uuidv5(Array.isArray(header) ? header.join(", ") : header, UNUSABLE_REQUEST_ID_NAMESPACE);
}

function headerCarrier(request: FastifyRequest): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const key of ["traceparent", "tracestate"]) {
    const value = request.headers[key];
    if (typeof value === "string") carrier[key] = value;
  }
  return carrier;
}

/**
 * Ids for the response when no tracer provider is registered (a test building the app without
 * telemetry): the incoming trace is still continued and every response still carries a `traceparent`.
 */
function fallbackIds(request: FastifyRequest) {
  const caller = callerTraceparent(request);
  const traceId = caller.traceId ?? randomBytes(16).toString("hex");
  return { traceId, spanId: randomBytes(8).toString("hex"), flags: caller.flags ?? "00" };
}

/**
 * The caller's `traceparent` read without a propagator: its trace id unless it is all zeros, and its
 * flags, when the header is well-formed.
 */
function callerTraceparent(request: FastifyRequest): { traceId?: string; flags?: string } {
  const header = request.headers.traceparent;
  const incoming = typeof header === "string" ? TRACEPARENT.exec(header) : null;
  if (!incoming) return {};
  const [, traceId, , flags] = incoming;
  return { ...(traceId && !/^0+$/.test(traceId) ? { traceId } : {}), ...(flags ? { flags } : {}) };
}

/** Adds `traceId` to the request's logger: in place when it is the request's own child, else as a child. */
function bindTraceId(request: FastifyRequest, traceId: string): void {
  const log = request.log as FastifyRequest["log"] & { setBindings?: (bindings: object) => void };
  if (log !== request.server.log && typeof log.setBindings === "function") log.setBindings({ traceId });
  else request.log = log.child({ traceId });
}

/** Scratch for `randomIds`: a trace id's 16 bytes, then a span id's 8. */
const ID_BYTES = Buffer.allocUnsafe(24);

/**
 * A random trace id and span id in one lowercase hex string (32 + 16 characters), drawn as the SDK's
 * `RandomIdGenerator` draws its ids (Math.random, 32 bits at a time; an all-zero id gets a last byte 1).
 */
function randomIds(): string {
  let traceBits = 0;
  let spanBits = 0;
  for (let i = 0; i < 24; i += 4) {
    const word = (Math.random() * 2 ** 32) >>> 0;
    if (i < 16) traceBits |= word;
    else spanBits |= word;
    ID_BYTES.writeUInt32BE(word, i);
  }
  if (traceBits === 0) ID_BYTES[15] = 1;
  if (spanBits === 0) ID_BYTES[23] = 1;
  return ID_BYTES.toString("hex", 0, 24);
}

/**
 * The span context a non-recording server span gets from the SDK (its `Tracer.startSpan` when the sampler
 * answers NOT_RECORD): the parent's trace id and trace state, or a fresh trace id for a root, a fresh span
 * id, flags 00 (not sampled).
 */
function unsampledSpanContext(parent: Context, request: FastifyRequest): SpanContext {
  const ids = randomIds();
  const spanId = ids.slice(32);
  const parentContext = trace.getSpanContext(parent);
  if (parentContext && isSpanContextValid(parentContext))
    return {
      traceId: parentContext.traceId,
      spanId,
      traceFlags: TraceFlags.NONE,
      ...(parentContext.traceState ? { traceState: parentContext.traceState } : {}),
    };
  // No propagator registered (an app built without telemetry): the caller's trace is still continued.
  const traceId = callerTraceparent(request).traceId ?? ids.slice(0, 32);
  return { traceId, spanId, traceFlags: TraceFlags.NONE };
}

/**
 * A request's upstream calls in flight, cancelled together when its client leaves: what the gRPC client
 * watches instead of an abort signal, so a request costs no AbortController and a call no abort listener.
 * The AbortSignal is still there for code that wants one, made on first read.
 */
export class UpstreamCalls implements CancelScope {
  cancelled = false;
  private calls: Cancellable[] | undefined;
  private controller: AbortController | undefined;

  watch(call: Cancellable): void {
    if (this.calls) this.calls.push(call);
    else this.calls = [call];
  }

  unwatch(call: Cancellable): void {
    const index = this.calls ? this.calls.indexOf(call) : -1;
    if (index >= 0) this.calls?.splice(index, 1);
  }

  /** The client left: cancel every call in flight (and any started later), abort the signal if made. */
  cancel(): void {
    this.cancelled = true;
    const calls = this.calls;
    this.calls = undefined;
    for (const call of calls ?? []) call.cancel();
    this.controller?.abort();
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort();
    }
    return this.controller.signal;
  }
}

export interface RequestContextOptions {
  /**
   * Whether the gateway's spans are recorded (an OTLP endpoint is set). When they are not, the SDK would
   * only answer a non-recording span after its sampler said so: the request gets that span context
   * directly (same ids and flags), without the tracer's sampling and span bookkeeping.
   */
  recordSpans: boolean;
}

/**
 * Per-request identity and tracing: a request id (echoed as `x-request-id`), a server span continuing the
 * caller's `traceparent` (echoed too, on every response including errors and 404s), a request-scoped
 * logger carrying both ids, and an abort signal for upstream calls.
 */
export function installRequestContext(app: ZodApp, options: RequestContextOptions): void {
  const tracer = getTracer("gateway");
  app.decorateRequest("traceContext", null as unknown as Context);
  app.decorateRequest("routeOptionsOnce", null);
  app.decorateRequest("traceId", "");
  app.decorateRequest("traceparent", "");
  app.decorateRequest("upstreamCalls", null as unknown as UpstreamCalls);
  app.decorateRequest("abortSignal", {
    getter(this: FastifyRequest) {
      this.upstreamCalls ??= new UpstreamCalls();
      return this.upstreamCalls.signal;
    },
  });

  app.addHook("onRequest", (request, reply, done) => {
    // Under the http instrumentation's server span when there is one (it continued the caller's trace),
    // else continued from the headers; without a `traceparent` there is nothing to continue (extracting
    // from no headers answers the active context as it is), so nothing is extracted.
    const active = context.active();
    const parent =
      typeof request.headers.traceparent === "string"
        ? incomingTraceContext(headerCarrier(request), active)
        : active;
    if (!options.recordSpans) {
      const spanContext = unsampledSpanContext(parent, request);
      request.traceContext = trace.setSpan(parent, trace.wrapSpanContext(spanContext));
      identify(request, reply, spanContext.traceId, `00-${spanContext.traceId}-${spanContext.spanId}-00`);
      const calls = watchUpstreamCalls(request);
      reply.raw.once("close", () => {
        if (!reply.raw.writableEnded) calls.cancel();
      });
      done();
      return;
    }
    const route = routeOf(request).url ?? "unmatched route";
    const span = tracer.startSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER }, parent);
    // Attributes only for a span that records them (none is recorded without an exporter): the samplers
    // configured here decide without them, and a sampled-out span would only have them checked and dropped.
    if (span.isRecording()) {
      const query = request.url.indexOf("?");
      span.setAttributes({
        "http.request.method": request.method,
        "http.route": route,
        "url.path": query < 0 ? request.url : request.url.slice(0, query),
      });
    }
    request.traceContext = trace.setSpan(parent, span);
    const spanContext = span.spanContext();
    const ids = isSpanContextValid(spanContext)
      ? {
          traceId: spanContext.traceId,
          spanId: spanContext.spanId,
          flags: spanContext.traceFlags.toString(16).padStart(2, "0"),
        }
      : fallbackIds(request);
    identify(request, reply, ids.traceId, `00-${ids.traceId}-${ids.spanId}-${ids.flags}`);
    const calls = watchUpstreamCalls(request);
    reply.raw.once("close", () => {
      if (!reply.raw.writableEnded) calls.cancel();
      span.setAttribute("http.response.status_code", reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    done();
  });
}

/**
 * Give a request that never reached the `onRequest` hook (a URL fastify could not decode) a trace id and
 * its response the two id headers, so even that error answers like every other.
 */
export function adoptRequestContext(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.traceparent) {
    const ids = fallbackIds(request);
    request.traceId = ids.traceId;
    request.traceparent = `00-${ids.traceId}-${ids.spanId}-${ids.flags}`;
  }
  reply.header("x-request-id", request.id);
  reply.header("traceparent", request.traceparent);
}

/** Run `work` inside the request's trace so outgoing gRPC metadata carries its `traceparent`. */
export function inRequestTrace<T>(request: FastifyRequest, work: () => T): T {
  return request.traceContext ? context.with(request.traceContext, work) : work();
}

/** The request's trace id and `traceparent`, in its logger and on every answer it gets. */
function identify(request: FastifyRequest, reply: FastifyReply, traceId: string, traceparent: string): void {
  request.traceId = traceId;
  request.traceparent = traceparent;
  // The request's own child logger (fastify made it for this request) takes the trace id in place:
  // the same log lines as a child of it, without building a second logger per request.
  bindTraceId(request, traceId);
  // Set now rather than in an onSend hook: fastify keeps them on every answer this request gets,
  // errors included, and a route without onSend hooks writes its answer without that hook round.
  reply.header("x-request-id", request.id);
  reply.header("traceparent", traceparent);
}

/** The request's upstream calls, to be cancelled if its client leaves before the answer is sent. */
function watchUpstreamCalls(request: FastifyRequest): UpstreamCalls {
  const calls = new UpstreamCalls();
  request.upstreamCalls = calls;
  return calls;
}
