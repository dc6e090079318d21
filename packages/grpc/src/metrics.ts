import { type Attributes, metrics, type ObservableCallback } from "@opentelemetry/api";

/** Seconds; from 1 ms (a cached read) to 10 s (beyond any deadline the mesh sets). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One series of a counter kept in-process: its attribute set and its total so far. */
interface Tally {
  attributes: Readonly<Attributes>;
  value: number;
}

/**
 * Per-RPC instruments, created on first use through the OpenTelemetry API: without a MeterProvider they
 * are no-ops; the process's ops port exports them when one is installed. Attributes follow the RPC
 * semantic conventions (`rpc.service`, `rpc.method`, `rpc.grpc.status_code`) plus the contract code.
 *
 * The call and error counters have a few dozen series (the methods times the outcomes they meet): their
 * totals are kept here, one number per series found by its precomputed key, and handed to the SDK by an
 * observable counter when a reader collects (a scrape), so a call costs an addition instead of the SDK's
 * per-record work (sorting and serialising the attribute set to find its series, on every add). The
 * exported series, labels and values are the same as a synchronous counter's. The duration histogram has no
 * asynchronous form and is recorded per call.
 */
function instruments(side: "server" | "client") {
  const meter = metrics.getMeter("@mp/grpc");
  const calls = new Map<string, Tally>();
  const errors = new Map<string, Tally>();
  meter
    .createObservableCounter(`rpc.${side}.calls`, {
      description: `RPCs ${side === "server" ? "answered" : "made"}, by outcome`,
      unit: "{call}",
    })
    .addCallback(observeAll(calls));
  meter
    .createObservableCounter(`rpc.${side}.errors`, {
      description: "RPCs that ended in an error, by contract code",
      unit: "{call}",
    })
    .addCallback(observeAll(errors));
  return {
    calls,
    errors,
    duration: meter.createHistogram(`rpc.${side}.call.duration`, {
      description: side === "server" ? "Time to answer an RPC" : "Time of an RPC, all attempts included",
      unit: "s",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
  };
}

function observeAll(tallies: Map<string, Tally>): ObservableCallback {
  return (result) => {
    for (const tally of tallies.values()) result.observe(tally.value, tally.attributes);
  };
}

/** Adds one to the series `key` of `tallies`, made on its first call; returns the series. */
function count(tallies: Map<string, Tally>, key: string, outcome: RpcOutcome, code?: string): Tally {
  let tally = tallies.get(key);
  if (tally) tally.value += 1;
  else {
    tally = { attributes: attributesOf(outcome, code), value: 1 };
    tallies.set(key, tally);
  }
  return tally;
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

function keyOf(outcome: RpcOutcome, code?: string): string {
  return `${outcome.service}\0${outcome.method}\0${outcome.status}\0${code ?? ""}`;
}

/**
 * The attribute set of a series, made once when its tally is (and reused by every call with the same
 * outcome through it). Frozen: the SDK keeps the first one it sees for a series.
 */
function attributesOf(outcome: RpcOutcome, code?: string): Readonly<Attributes> {
  return Object.freeze({
    "rpc.system": "grpc",
    "rpc.service": outcome.service,
    "rpc.method": outcome.method,
    "rpc.grpc.status_code": outcome.status,
    ...(code ? { "error.type": code } : {}),
  });
}

function record(set: ReturnType<typeof instruments>, outcome: RpcOutcome): void {
  const calls = count(set.calls, keyOf(outcome), outcome);
  if (outcome.code) count(set.errors, keyOf(outcome, outcome.code), outcome, outcome.code);
  set.duration.record((performance.now() - outcome.startedAt) / 1000, calls.attributes);
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
