import { type Context, context, propagation, trace } from "@opentelemetry/api";

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

/** The remote parent context carried by incoming headers (or the active context when there is none). */
export function incomingTraceContext(carrier: Carrier, base: Context = context.active()): Context {
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
