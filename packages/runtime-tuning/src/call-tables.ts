import type http2 from "node:http2";
import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { types } from "node:util";

/**
 * Keep the tables every call passes through young: after each full garbage collection, copy them into
 * fresh ones.
 *
 * An HTTP/2 session keeps its open streams in a Map and its starting ones in a Set, and grpc-js keeps each
 * connection's active calls in a Set; every call is added to and deleted from them. Once a full collection
 * has moved such a table to the old generation, V8's next rehash leaves the dead old table pointing at its
 * young successor, which young-generation collections then treat as a root: the table, and every stream
 * and call in it, is promoted, and so on until the next full collection (ADR 0005). A fresh copy is young
 * and the old table is never rehashed again, so the chain ends.
 *
 * Tables are swapped on the turn after the collection, when nothing iterates them (Node and grpc-js read
 * them from their owner's field on each use). This reaches into Node's HTTP/2 session state and grpc-js's
 * transport; `call-tables.test.ts` fails when either moves.
 */

/** A table's owner and the field that holds it. */
interface Slot {
  owner: Record<PropertyKey, unknown>;
  field: string;
}

const sessions = new Set<http2.Http2Session>();
const transports = new Set<GrpcTransport>();
/** Whether grpc-js's connector was found and wrapped (undefined until `trackGrpcTransports` runs). */
let connector: boolean | undefined;
let refreshes = 0;
/** Whether the tables are refreshed after full collections (`refreshCallTablesAfterFullCollections`). */
let observing = false;

interface GrpcTransport {
  session: http2.Http2Session;
  activeCalls: Set<unknown>;
}

/**
 * Start tracking an HTTP/2 session's tables, once `refreshCallTablesAfterFullCollections` is installed,
 * until it is destroyed (noticed at the next refresh, look or
 * new session, not by a `close` listener: grpc-js removes every listener of the sessions it opens once they
 * connect).
 */
export function trackSessionTables(session: http2.Http2Session): void {
  // Nothing refreshes the tables unless the observer runs: a session held here would only be kept alive.
  if (!observing) return;
  forgetDestroyed();
  sessions.add(session);
}

/**
 * Track grpc-js's transports (one per connection, with its Set of active calls): wrap its connector's
 * `connect`, which resolves to each new transport. Returns whether grpc-js's connector was found where
 * this looks (calls work as before without it, untracked). Installing it twice changes nothing.
 */
export async function trackGrpcTransports(): Promise<boolean> {
  if (connector !== undefined) return connector;
  const prototype = await grpcConnectorPrototype();
  connector = prototype !== undefined;
  if (prototype === undefined) return false;
  const connect = prototype.connect;
  prototype.connect = function connectTracked(this: unknown, ...args: unknown[]) {
    return connect.apply(this, args).then((transport: GrpcTransport) => {
      forgetDestroyed();
      transports.add(transport);
      return transport;
    });
  };
  return true;
}

interface ConnectorPrototype {
  connect: (...args: unknown[]) => Promise<GrpcTransport>;
}

/**
 * grpc-js's `Http2SubchannelConnector.prototype`, from the module instance its channels use (a CommonJS
 * module is loaded once per file, however it is imported), or undefined if a release moved it.
 */
async function grpcConnectorPrototype(): Promise<ConnectorPrototype | undefined> {
  try {
    type Exports = { Http2SubchannelConnector?: { prototype: ConnectorPrototype } };
    // Node's own loader names the CommonJS exports and adds them as `default`; tsx's names them only.
    const transport = (await import("@grpc/grpc-js/build/src/transport.js")) as unknown as Exports & {
      default?: Exports;
    };
    const prototype = (transport.Http2SubchannelConnector ?? transport.default?.Http2SubchannelConnector)
      ?.prototype;
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

/**
 * Refresh the tables on the turn after every full collection, from now on. Installing it twice changes
 * nothing.
 */
export function refreshCallTablesAfterFullCollections(): void {
  if (observing) return;
  observing = true;
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
