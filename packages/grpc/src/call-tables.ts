import type http2 from "node:http2";
import { createRequire } from "node:module";
import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { types } from "node:util";

/**
 * Keep the tables every call passes through young: after each full garbage collection, copy them into
 * fresh ones.
 *
 * An HTTP/2 session keeps its open streams in a Map and its starting ones in a Set, and grpc-js keeps each
 * connection's active calls in a Set; a call is added and deleted on every request. A full collection moves
 * such a table, with everything else alive, into the old generation. When the table next grows or fills
 * with deleted entries, V8 rehashes it into a new, young table and leaves the dead old one pointing at it
 * (a link kept for live iterators). A young-generation collection takes every pointer from the old
 * generation as a root, so the new table survives, with the streams and calls in it, is promoted, and the
 * same happens to every table after it until the next full collection. Each call and its decoded answer was
 * then promoted: the gateway went from about 1 to 35 MB/s promoted and a full collection every 3 s (which
 * restarts it), 10-30 % more CPU per request; the catalogue's server streams the same (docs/benchmarks.md,
 * thirteenth stop). A fresh copy is young; the old table is never rehashed again, so the chain ends.
 *
 * Tables are swapped on the turn after the collection, between two turns, when nothing iterates them (Node
 * and grpc-js read them from their owner's field on each use). It reaches into Node's HTTP/2 session state
 * and grpc-js's transport; `call-tables.test.ts` fails when either moves.
 */

/** A table's owner and the field that holds it. */
interface Slot {
  owner: Record<PropertyKey, unknown>;
  field: string;
}

const sessions = new Set<http2.Http2Session>();
const transports = new Set<GrpcTransport>();
let connectorWrapped = false;
let refreshes = 0;

interface GrpcTransport {
  session: http2.Http2Session;
  activeCalls: Set<unknown>;
}

/**
 * Start tracking an HTTP/2 session's tables until it is destroyed (noticed at the next refresh, look or
 * new session, not by a `close` listener: grpc-js removes every listener of the sessions it opens once they
 * connect).
 */
export function trackSessionTables(session: http2.Http2Session): void {
  forgetDestroyed();
  sessions.add(session);
}

/**
 * Track grpc-js's transports (one per connection, with its Set of active calls): wrap its connector's
 * `connect`, which resolves to each new transport. Installing it twice changes nothing.
 */
export function trackGrpcTransports(): void {
  if (connectorWrapped) return;
  connectorWrapped = true;
  const prototype = grpcConnectorPrototype();
  if (prototype === undefined) return;
  const connect = prototype.connect;
  prototype.connect = function connectTracked(this: unknown, ...args: unknown[]) {
    return connect.apply(this, args).then((transport: GrpcTransport) => {
      forgetDestroyed();
      transports.add(transport);
      return transport;
    });
  };
}

interface ConnectorPrototype {
  connect: (...args: unknown[]) => Promise<GrpcTransport>;
}

/**
 * grpc-js's `Http2SubchannelConnector.prototype`, from the same module instance its channels use, or
 * undefined if a release moved it (calls then work as before, untracked; the tests fail).
 */
function grpcConnectorPrototype(): ConnectorPrototype | undefined {
  try {
    const require = createRequire(import.meta.url);
    const transport = require("@grpc/grpc-js/build/src/transport.js") as {
      Http2SubchannelConnector?: { prototype: ConnectorPrototype };
    };
    const prototype = transport.Http2SubchannelConnector?.prototype;
    return typeof prototype?.connect === "function" ? prototype : undefined;
  } catch {
    return undefined;
  }
}

/** Copy every tracked table into a fresh one now (what each full collection triggers). */
export function refreshCallTables(): void {
  refreshes += 1;
  for (const slot of slots()) {
    const old = slot.owner[slot.field] as Table;
    const Fresh = Object.getPrototypeOf(old).constructor as new (entries: typeof old) => typeof old;
    slot.owner[slot.field] = new Fresh(old);
  }
}

type Table = Map<unknown, unknown> | Set<unknown>;

/**
 * What is tracked (for tests): the sessions and transports held, the tables found in them (two per session, one
 * per transport while Node and grpc-js keep them where this looks) and how many refreshes ran.
 */
export function callTablesTracked(): {
  sessions: number;
  transports: number;
  tables: Table[];
  refreshes: number;
} {
  // Counted before `slots()` forgets the destroyed ones, so a test sees what the tracking itself kept.
  const counts = { sessions: sessions.size, transports: transports.size };
  const tables = [...slots()].map((slot) => slot.owner[slot.field] as Table);
  return { ...counts, tables, refreshes };
}

/**
 * The fields that hold a table now (a field that holds none, after an upgrade, is left alone), after
 * forgetting destroyed sessions and the transports on them.
 */
function* slots(): Generator<Slot> {
  forgetDestroyed();
  for (const session of sessions) yield* tablesIn(sessionState(session), ["streams", "pendingStreams"]);
  for (const transport of transports)
    yield* tablesIn(transport as unknown as Record<string, unknown>, ["activeCalls"]);
}

function* tablesIn(owner: Record<string, unknown> | undefined, fields: string[]): Generator<Slot> {
  if (owner === undefined) return;
  for (const field of fields) {
    if (types.isMap(owner[field]) || types.isSet(owner[field])) yield { owner, field };
  }
}

function forgetDestroyed(): void {
  for (const session of sessions) if (session.destroyed) sessions.delete(session);
  for (const transport of transports) if (transport.session.destroyed) transports.delete(transport);
}

/** Node keeps a session's streams in the object under its `state` symbol. */
function sessionState(session: http2.Http2Session): Record<string, unknown> | undefined {
  const fields = session as unknown as Record<symbol, unknown>;
  for (const key of Object.getOwnPropertySymbols(session)) {
    const value = fields[key];
    if (typeof value === "object" && value !== null && "streams" in value && "pendingStreams" in value) {
      return value as Record<string, unknown>;
    }
  }
  return undefined;
}

function install(): void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        setImmediate(refreshCallTables);
        return;
      }
    }
  });
  observer.observe({ entryTypes: ["gc"] });
}

// Observe from the moment a process loads the mesh, not from its first HTTP/2 session. Installed lazily, at
// the first session (during the gateway's first request), scenario A's p99 at 500 requests/s was 16-20 ms
// in seven runs; installed at load, 12-15 ms (docs/benchmarks.md, thirteenth stop). Why is not known.
install();
