/**
 * Whether the instrumentations that only make spans (node:http and gRPC, with the grpc-js import hook) are
 * worth installing: only when spans leave the process. Without an exporter every span is sampled out, yet
 * they would still wrap every HTTP request and gRPC call (context switches, attribute gathering, a span
 * object each) for nothing; the hand-made spans of the gateway's request context, the gRPC handlers and the
 * bus keep trace ids in logs and problem bodies and carry `traceparent` over HTTP answers, gRPC metadata and
 * NATS headers all the same. The pg and fetch instrumentations are installed either way: they also record
 * the metrics the ops port serves (`db.client.operation.duration`, `http.client.request.duration`).
 */
export function spanInstrumentationsWanted(options: {
  instrument?: boolean | undefined;
  otlpEndpoint?: string | undefined;
}): boolean {
  return Boolean(options.instrument && options.otlpEndpoint);
}
