import { type Attributes, metrics } from "@opentelemetry/api";

/** Seconds; from 1 ms (a cached read) to 10 s (beyond any deadline the mesh sets). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Per-RPC instruments, created on first use through the OpenTelemetry API: without a MeterProvider they
 * are no-ops; the process's ops port exports them when one is installed. Attributes follow the RPC
 * semantic conventions (`rpc.service`, `rpc.method`, `rpc.grpc.status_code`) plus the contract code.
 */
function instruments(side: "server" | "client") {
  const meter = metrics.getMeter("@mp/grpc");
  return {
    calls: meter.createCounter(`rpc.${side}.calls`, {
      description: `RPCs ${side === "server" ? "answered" : "made"}, by outcome`,
      unit: "{call}",
    }),
    errors: meter.createCounter(`rpc.${side}.errors`, {
      description: "RPCs that ended in an error, by contract code",
      unit: "{call}",
    }),
    duration: meter.createHistogram(`rpc.${side}.call.duration`, {
      description: side === "server" ? "Time to answer an RPC" : "Time of an RPC, all attempts included",
      unit: "s",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
  };
}

let server: ReturnType<typeof instruments> | undefined;
let client:
  | (ReturnType<typeof instruments> & {
      retries: ReturnType<ReturnType<typeof metrics.getMeter>["createCounter"]>;
    })
  | undefined;

export interface RpcOutcome {
  service: string;
  method: string;
  /** gRPC status code name (`OK`, `NOT_FOUND`). */
  status: string;
  /** Contract code of an error (`not-found`, `upstream-unavailable`); absent on success. */
  code?: string | undefined;
  startedAt: number;
}

/**
 * Attribute sets by service, method, status and contract code, made once and reused by every call with the
 * same outcome (a few dozen per process: the methods times the outcomes they meet), instead of two or three
 * new objects per call. Frozen: the SDK keeps the first one it sees for a series.
 */
const attributeSets = new Map<string, Readonly<Attributes>>();

function attributesOf(outcome: RpcOutcome, code?: string): Readonly<Attributes> {
  const key = `${outcome.service}\0${outcome.method}\0${outcome.status}\0${code ?? ""}`;
  let attributes = attributeSets.get(key);
  if (!attributes) {
    attributes = Object.freeze({
      "rpc.system": "grpc",
      "rpc.service": outcome.service,
      "rpc.method": outcome.method,
      "rpc.grpc.status_code": outcome.status,
      ...(code ? { "error.type": code } : {}),
    });
    attributeSets.set(key, attributes);
  }
  return attributes;
}

function record(set: ReturnType<typeof instruments>, outcome: RpcOutcome): void {
  const attributes = attributesOf(outcome);
  set.calls.add(1, attributes);
  if (outcome.code) set.errors.add(1, attributesOf(outcome, outcome.code));
  set.duration.record((performance.now() - outcome.startedAt) / 1000, attributes);
}

export function recordServerCall(outcome: RpcOutcome): void {
  server ??= instruments("server");
  record(server, outcome);
}

function clientInstruments() {
  client ??= {
    ...instruments("client"),
    retries: metrics.getMeter("@mp/grpc").createCounter("rpc.client.retries", {
      description: "Attempts repeated after a transport failure (idempotent methods only)",
      unit: "{attempt}",
    }),
  };
  return client;
}

export function recordClientCall(outcome: RpcOutcome): void {
  record(clientInstruments(), outcome);
}

export function recordClientRetry(service: string, method: string): void {
  clientInstruments().retries.add(1, { "rpc.system": "grpc", "rpc.service": service, "rpc.method": method });
}
