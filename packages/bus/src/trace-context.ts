import { headers, type MsgHdrs } from "@nats-io/nats-core";
import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  type TextMapGetter,
  TraceFlags,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** Propagation fields (W3C `traceparent`, `tracestate`, baggage...) of `ctx` (default: the active one). */
export function captureTraceContext(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context stored with an outbox row, rooted at ROOT_CONTEXT like `contextFromHeaders`. */
export function contextFromCarrier(carrier: Record<string, string>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** NATS headers for a publish: the captured propagation fields, verbatim. */
export function toMsgHeaders(carrier: Record<string, string>): MsgHdrs {
  const h = headers();
  for (const [key, value] of Object.entries(carrier)) h.set(key, value);
  return h;
}

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (h) => h?.keys() ?? [],
  get: (h, key) => (h?.has(key) ? h.get(key) : undefined),
};

/**
 * The producer's context from message headers, rooted at ROOT_CONTEXT so nothing from the consumer loop
 * leaks into a handler's trace.
 */
export function contextFromHeaders(h: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, h, headerGetter);
}

/**
 * Whether `ctx` carries a valid span context that is not sampled (a producer's, from message headers or an
 * outbox row). A span started under it would not be recorded by the SDK's default parent-based sampler,
 * nor by the services' AlwaysOff one (no exporter): the bus then starts none and keeps `ctx` active, so
 * logs and the events a handler emits still carry the trace id, for a span nobody would see.
 */
export function unsampled(ctx: Context): boolean {
  const spanContext = trace.getSpanContext(ctx);
  return (
    spanContext !== undefined &&
    trace.isSpanContextValid(spanContext) &&
    (spanContext.traceFlags & TraceFlags.SAMPLED) === 0
  );
}

/** The bus's tracer, looked up per use so a tracer provider installed after import is honoured. */
export function busTracer(): Tracer {
  return trace.getTracer("@mp/bus");
}

/** Span attributes of a NATS message (OpenTelemetry messaging conventions). */
export function messagingAttributes(subject: string, messageId: string | undefined): Attributes {
  return {
    "messaging.system": "nats",
    "messaging.destination.name": subject,
    ...(messageId ? { "messaging.message.id": messageId } : {}),
  };
}

/** Record `error` on `span` as the reason it failed. */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
