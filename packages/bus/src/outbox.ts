import { named, type Queryable, type SqlStatement } from "@mp/db";
import { DEFAULT_MAX_EVENT_BYTES } from "./config";
import type { EventEnvelope } from "./envelope";
import { captureTraceContext } from "./trace-context";

/**
 * Prefix of the NOTIFY channel; the schema name completes it (`bus_outbox.<schema>`) so relays of
 * services sharing a database only wake for their own outbox.
 */
export const OUTBOX_CHANNEL_PREFIX = "bus_outbox.";

let processMaxEventBytes = DEFAULT_MAX_EVENT_BYTES;

/** Set this process's event size limit (`connectBus` does, from `BUS_MAX_EVENT_BYTES`). */
export function setMaxEventBytes(bytes: number): void {
  if (!Number.isInteger(bytes) || bytes < 1) throw new Error(`Invalid event size limit ${bytes}`);
  processMaxEventBytes = bytes;
}

/** Raised by `appendToOutbox` for an event NATS could not carry; the caller's transaction should fail. */
export class EventTooLargeError extends Error {
  override readonly name = "EventTooLargeError";
  constructor(
    readonly eventType: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(
      `Event ${eventType} is ${bytes} bytes serialised, over the ${maxBytes}-byte limit (BUS_MAX_EVENT_BYTES): ` +
        "carry references or split it, a NATS message cannot hold it",
    );
  }
}

/**
 * Record `event` (or several, in order, with one statement) for publication inside the caller's
 * transaction (pass the client `withTransaction` gives), so the event exists if and only if the change it
 * describes commits. The active trace context is stored with it and travels as message headers. The
 * NOTIFY is delivered on commit only, which wakes the relay without polling; a rolled-back transaction
 * neither stores nor announces anything.
 *
 * An event larger than `maxBytes` (default: the process limit, `BUS_MAX_EVENT_BYTES`) is refused with an
 * {@link EventTooLargeError} here, while the caller can still fail its request, rather than discovered by
 * the relay after the commit.
 *
 * `traceContexts`, one per event, are the trace contexts to store instead of the active one: a caller that
 * gathers events made in several contexts (a consumer writing a batch's events at once) captures each
 * with {@link captureTraceContext} where the event is made. The statement is named (prepared once per
 * connection).
 */
export async function appendToOutbox(
  client: Queryable,
  events: EventEnvelope | readonly EventEnvelope[],
  options: { maxBytes?: number; traceContexts?: ReadonlyArray<Record<string, string>> } = {},
): Promise<void> {
  const append = outboxAppend(events, options, 0);
  if (!append) return;
  // A named (prepared) statement: its text is the same on every call (no offset), so it is parsed and
  // planned once per connection.
  await client.query({ name: "bus-outbox-append", text: `WITH ${append.text}`, values: append.values });
}

/**
 * Run `write`, one data-modifying statement (an `INSERT`, `UPDATE` or `DELETE`, with its parameters), and
 * append `events` to the outbox in the same single statement (`WITH written AS (<write>) …`). A statement
 * is atomic on its own, so on a pool, outside any transaction, one round trip commits the change and its
 * events together (or neither), where `withTransaction` + `appendToOutbox` take four (`BEGIN`, the write,
 * the append, `COMMIT`): for a use case whose whole change is one statement. Do not call it on a pool
 * inside a transaction on that pool (it would commit on its own); pass the transaction's client instead.
 * The size limit and the trace context are as in {@link appendToOutbox}. The statement is named after its
 * text (prepared once per connection).
 *
 * `onlyIfWritten`: the events are appended only when the write returned a row (it must end in
 * `RETURNING`), for a write that may do nothing, such as `INSERT … ON CONFLICT DO NOTHING`: a change
 * that did not happen announces nothing. Resolves to whether the events were appended (always true
 * without `onlyIfWritten`, when there are events).
 */
export async function writeWithOutbox(
  db: Queryable,
  write: SqlStatement,
  events: EventEnvelope | readonly EventEnvelope[],
  options: { maxBytes?: number; onlyIfWritten?: boolean } = {},
): Promise<boolean> {
  // A relay of this process that watches `db` is woken directly once the statement committed, instead of
  // by a NOTIFY: PostgreSQL signals every LISTENing backend of the database on each notification (those of
  // the other services sharing it too), which cost more server CPU than the write's own insert.
  const local = readyLocalRelays(db);
  const append = outboxAppend(
    events,
    options,
    write.values.length,
    local.length === 0,
    options.onlyIfWritten,
  );
  if (!append) {
    const { rowCount } = await db.query(write.text, write.values);
    return !options.onlyIfWritten || (rowCount ?? 0) > 0;
  }
  // Named after its text (the write's text and the number of its parameters decide it, not the events):
  // parsed and planned once per connection, which is most of this statement's server CPU. The statement
  // answers one row when it appended (see `outboxAppend`).
  const { rowCount } = await db.query(
    named(`WITH written AS (${write.text}), ${append.text}`, [...write.values, ...append.values]),
  );
  const appended = (rowCount ?? 0) > 0;
  if (appended) for (const relay of local) relay.wake();
  return appended;
}

/** A relay running in this process, as `writeWithOutbox` sees it. */
export interface LocalRelay {
  /** Whether a wake now gets a pass soon (not stopping, not backing off): otherwise the writer notifies. */
  ready(): boolean;
  /** A row committed: run a pass, and have the other replicas' relays notified if another one holds the lock. */
  wake(): void;
}

const localRelays = new WeakMap<object, Set<LocalRelay>>();

/**
 * Have `writeWithOutbox` on any of `pools` wake `relay` directly instead of notifying; returns the undo.
 * The relay must relay the outbox those pools write to (their schema).
 */
export function registerLocalRelay(pools: readonly object[], relay: LocalRelay): () => void {
  for (const pool of pools) {
    let set = localRelays.get(pool);
    if (!set) {
      set = new Set();
      localRelays.set(pool, set);
    }
    set.add(relay);
  }
  return () => {
    for (const pool of pools) localRelays.get(pool)?.delete(relay);
  };
}

function readyLocalRelays(db: object): LocalRelay[] {
  const set = localRelays.get(db);
  if (!set || set.size === 0) return [];
  return [...set].filter((relay) => relay.ready());
}

/**
 * The `appended AS (INSERT INTO outbox …) SELECT pg_notify(…)` tail of a `WITH` statement, its parameters
 * numbered after the `offset` ones before them; undefined when there is no event. The tail answers one row
 * when it appended the events and none otherwise (without `notify`, that row notifies no one). With
 * `onlyIfWritten` the events are appended only when the statement's `written` part returned a row.
 */
function outboxAppend(
  events: EventEnvelope | readonly EventEnvelope[],
  options: {
    maxBytes?: number | undefined;
    traceContexts?: ReadonlyArray<Record<string, string>> | undefined;
  },
  offset: number,
  notify = true,
  onlyIfWritten = false,
): SqlStatement | undefined {
  const list = Array.isArray(events) ? events : [events as EventEnvelope];
  if (list.length === 0) return undefined;
  const limit = options.maxBytes ?? processMaxEventBytes;
  const payloads = list.map((event) => {
    const payload = JSON.stringify(event);
    const bytes = Buffer.byteLength(payload, "utf8");
    if (bytes > limit) throw new EventTooLargeError(event.type, bytes, limit);
    return payload;
  });
  const traceContexts = options.traceContexts;
  if (traceContexts && traceContexts.length !== list.length)
    throw new Error(`${traceContexts.length} trace contexts for ${list.length} events`);
  const active = traceContexts ? undefined : JSON.stringify(captureTraceContext());
  const traceHeaders = list.map((_, i) => active ?? JSON.stringify(traceContexts?.[i]));
  const $ = (n: number) => `$${offset + n}`;
  const values = [list.map((e) => e.id), list.map((e) => e.type), payloads, traceHeaders];
  const insert = `appended AS (
       INSERT INTO outbox (event_id, event_type, payload, headers)
       SELECT id, type, payload, headers
         FROM unnest(${$(1)}::uuid[], ${$(2)}::text[], ${$(3)}::json[], ${$(4)}::jsonb[])
              WITH ORDINALITY AS e(id, type, payload, headers, position)${onlyIfWritten ? "\n        WHERE EXISTS (SELECT 1 FROM written)" : ""}
        ORDER BY position
       RETURNING 1
     )`;
  // A data-modifying WITH part runs to completion whether or not the main query reads it.
  if (!notify) return { text: `${insert}\n     SELECT FROM appended LIMIT 1`, values };
  return {
    text: `${insert}
     SELECT pg_notify(${$(5)} || coalesce(current_schema(), ''), '') FROM (SELECT 1 FROM appended LIMIT 1) AS one`,
    values: [...values, OUTBOX_CHANNEL_PREFIX],
  };
}
