import { type Context, context, isSpanContextValid, propagation, trace } from "@opentelemetry/api";

/**
 * One carrier shape for every transport: HTTP headers, gRPC metadata and NATS headers are all copied
 * through a plain string map, so the W3C `traceparent` travels the same way everywhere.
 */
export type Carrier = Record<string, string>;

/** The active context's `traceparent` (and `tracestate`), ready to copy into outgoing headers. */
export function outgoingTraceHeaders(ctx: Context = context.active()): Carrier {
  const carrier: Carrier = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * The parent for a server span: `base` itself when it already holds a span (the official http or gRPC
 * instrumentation opened the server span and continued the caller's trace), else the remote parent carried
 * by the incoming headers, so hand-made spans nest under the instrumentation's instead of beside them.
 */
export function incomingTraceContext(carrier: Carrier, base: Context = context.active()): Context {
  const span = trace.getSpan(base);
  if (span && isSpanContextValid(span.spanContext())) return base;
  return propagation.extract(base, carrier);
}

/** Trace id of the active span, if any: shown in problem bodies and logs. */
export function currentTraceId(ctx: Context = context.active()): string | undefined {
  const span = trace.getSpan(ctx);
  const id = span?.spanContext().traceId;
  return id && !/^0+$/.test(id) ? id : undefined;
}

export function getTracer(name: string) {
  return trace.getTracer(name);
}
