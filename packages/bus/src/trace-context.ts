import { headers, type MsgHdrs } from "@nats-io/nats-core";
import { type Context, context, propagation, ROOT_CONTEXT, type TextMapGetter } from "@opentelemetry/api";

/** Propagation fields (W3C `traceparent`, `tracestate`, baggage...) of the active context. */
export function captureTraceContext(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
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
