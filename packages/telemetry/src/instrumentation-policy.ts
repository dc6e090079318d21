/**
 * Whether the official instrumentations are worth installing: only when spans leave the process. Without
 * an exporter every span is sampled out, yet the instrumentations would still wrap every HTTP request,
 * gRPC call and SQL query (context switches, attribute gathering, a span object each) for nothing; the
 * hand-made spans of the gateway's request context, the gRPC handlers and the bus keep trace ids in logs
 * and problem bodies and carry `traceparent` over HTTP answers, gRPC metadata and NATS headers all the same.
 */
export function instrumentationsWanted(options: {
  instrument?: boolean | undefined;
  otlpEndpoint?: string | undefined;
}): boolean {
  return Boolean(options.instrument && options.otlpEndpoint);
}
