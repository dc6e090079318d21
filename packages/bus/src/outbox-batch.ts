import type { Pool, PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { context, SpanKind, trace } from "@opentelemetry/api";
import type { QueryResult } from "pg";
import type { Bus } from "./connection";
import type { EventEnvelope } from "./envelope";
import { OUTBOX_CHANNEL_PREFIX } from "./outbox";
import {
  busTracer,
  captureTraceContext,
  contextFromCarrier,
  failSpan,
  messagingAttributes,
  toMsgHeaders,
  unsampled,
} from "./trace-context";

interface OutboxRow {
  seq: string;
  event_id: string;
  event_type: string;
  payload: string;
  headers: Record<string, string>;
  attempts: number;
}

/** A row JetStream refused; the rows before it were marked sent and its attempt was counted. */
export class OutboxPublishError extends Error {
  override readonly name = "OutboxPublishError";
}

/** NATS or JetStream itself is unreachable: nothing was counted against the row that failed. */
export class OutboxOutageError extends Error {
  override readonly name = "OutboxOutageError";
}

export interface RelayBatchDeps {
  pool: Pool;
  bus: Bus;
  logger: Logger;
  batchSize: number;
  /** Failed publishes after which a row is parked, once they have gone on for `parkAfterMs`. */
  maxAttempts: number;
  /** Least time between a row's first failed publish and its parking. */
  parkAfterMs: number;
  /** False while the connection is known to be down. */
  connected: () => boolean;
  afterPublish?: ((event: EventEnvelope) => void | Promise<void>) | undefined;
  /**
   * When the pass claims nothing because another replica's relay holds the lock, notify the outbox
   * channel with this payload (the relay's id, so its own listener can ignore it) on commit: the relay
   * holding the lock then makes another pass for the rows this replica committed without notifying.
   */
  forwardAs?: string | undefined;
  /**
   * Asked after a pass that published every row it claimed, at least one (`full`: as many as `batchSize`):
   * return the next pass's options to mark the rows sent, commit, and claim again in one round trip (one
   * query), the next pass following in the same call; undefined to only commit.
   */
  chain?: ((full: boolean) => { forwardAs?: string | undefined } | undefined) | undefined;
}

export interface RelayBatchResult {
  /** Rows published by the call (by all its passes). */
  published: number;
  parked: number;
  /** The last pass published or parked `batchSize` rows: more may be waiting. */
  more: boolean;
}

/**
 * One relay pass: in one transaction, claim up to `batchSize` unsent, unparked rows in `seq` order, publish
 * them, and mark the acknowledged ones sent. The publishes of a pass go out back to back on the one
 * connection (JetStream stores them in that order) and their acks are awaited together, so a pass costs
 * one round trip, not one per row. A transaction-scoped advisory lock per schema lets one relay replica
 * at a time publish, so two relays never publish a row twice or interleave their passes; `SKIP LOCKED`
 * keeps a replica without the lock from ever waiting on claimed rows.
 *
 * A pass that publishes without a failure costs two PostgreSQL round trips: `BEGIN` with the claim (whose
 * one-time condition takes the advisory lock before any row is read: without the lock it claims nothing),
 * then the mark-sent with `COMMIT`, both sent as one simple-protocol query each (no parameters: the batch
 * size is a checked integer and the seqs are the bigints the claim read). When `chain` asks for another
 * pass, the mark-sent, its `COMMIT` and the next `BEGIN` with its claim are one query: a pass that follows
 * another then costs one round trip. The claim always walks the
 * partial index of unsent rows in `seq` order (see {@link claimSql}), and the transaction commits without
 * waiting for its WAL flush (`synchronous_commit = off`): a mark-sent lost in a server crash only
 * republishes rows, which JetStream's dedup window and the consumers' inbox drop, as after a relay crash.
 *
 * When publishes fail the pass asks JetStream a cheap question (account info). No answer means an outage
 * (NATS down, JetStream unavailable): what was acknowledged is marked sent, no attempt is counted, and
 * {@link OutboxOutageError} pauses the relay. An answer means the fault is the row's (no stream for its
 * subject, too large, store full, a per-message error): its attempt is counted with the error, and the
 * pass throws {@link OutboxPublishError} so the relay retries it after a backoff, or, at `maxAttempts`,
 * parks it (`parked_at`) until a human unparks it. Either way the rows after a failed one are not held
 * back, so a failed row may reach its stream after later rows: consumers rely on aggregate versions, not
 * on stream order. Any other failure rolls back as a crash would: the batch is republished later, and
 * dedup drops what JetStream already stored.
 */
export async function relayOutboxBatch(deps: RelayBatchDeps): Promise<RelayBatchResult> {
  if (!Number.isInteger(deps.batchSize) || deps.batchSize < 1)
    throw new Error(`The relay's batch size must be a positive integer, got ${deps.batchSize}`);
  const client = await deps.pool.connect();
  let reusable = true;
  try {
    const outcome = await publishClaimed(client, deps);
    if (outcome.failure) throw outcome.failure;
    return { published: outcome.published, parked: outcome.parked, more: outcome.more };
  } catch (error) {
    if (!(error instanceof OutboxPublishError || error instanceof OutboxOutageError)) {
      await client.query("ROLLBACK").catch(() => {
        reusable = false;
      });
    }
    throw error;
  } finally {
    // A connection that cannot even roll back is broken: destroy it rather than return it to the pool.
    client.release(!reusable);
  }
}

/**
 * `BEGIN` and the claim in one simple-protocol query. The advisory lock is an uncorrelated sub-select, so
 * PostgreSQL evaluates it once, as a one-time filter, before reading any row.
 *
 * The claim must be a plain index scan of `outbox_unsent`: a sent row leaves its entry in that partial
 * index until vacuum, and only a plain index scan marks such an entry dead (once the row is dead to every
 * transaction) so later scans step over it. Without statistics (a new table, or one autoanalyze has not
 * reached yet) the planner picks a bitmap scan, which visits the heap page of every row sent since the
 * last vacuum on every pass (1.2 ms of server CPU with 15,000 of them); a sequential scan would read every
 * row retained. So the transaction turns both off for itself.
 */
function claimSql(batchSize: number): string {
  return `BEGIN;\n${CLAIM_SETTINGS}\n${claimSelect(batchSize)}`;
}

/** The claim's settings, local to its transaction (exported for the plan test). */
export const CLAIM_SETTINGS =
  "SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL synchronous_commit = off;";

/** Takes this schema's relay lock for the transaction, if no other transaction holds it: true if taken. */
const RELAY_LOCK =
  "pg_try_advisory_xact_lock(hashtext('bus.outbox_relay'), hashtext(coalesce(current_schema(), '')))";

/** The claim itself (exported for the plan test). */
export function claimSelect(batchSize: number): string {
  return `SELECT seq, event_id, event_type, payload::text AS payload, headers, attempts
      FROM outbox
     WHERE sent_at IS NULL AND parked_at IS NULL
       AND (SELECT ${RELAY_LOCK})
     ORDER BY seq LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
}

async function publishClaimed(
  client: PoolClient,
  deps: RelayBatchDeps,
): Promise<RelayBatchResult & { failure?: Error }> {
  let query = claimSql(deps.batchSize);
  let forwardAs = deps.forwardAs;
  /** Rows published and marked sent by the passes before this one (chained, see `chain`). */
  let before = 0;
  for (;;) {
    const pass = await publishPass(client, deps, query, forwardAs);
    if ("next" in pass) {
      before += pass.sent.length;
      query = `${markSentSql(pass.sent)}COMMIT;\n${claimSql(deps.batchSize)}`;
      forwardAs = pass.next.forwardAs;
      continue;
    }
    return { ...pass, published: before + pass.published };
  }
}

/**
 * One pass on `client`: `query` ends in the claim; publish what it claimed, then commit (see
 * `relayOutboxBatch`), or leave the transaction open when `chain` asks for a next pass.
 */
async function publishPass(
  client: PoolClient,
  deps: RelayBatchDeps,
  query: string,
  forwardAs: string | undefined,
): Promise<
  (RelayBatchResult & { failure?: Error }) | { sent: string[]; next: { forwardAs?: string | undefined } }
> {
  // A multi-statement simple query resolves to one result per statement.
  const results = (await client.query(query)) as unknown as Array<QueryResult<OutboxRow>>;
  const rows = results.at(-1)?.rows ?? [];
  const full = rows.length >= deps.batchSize;
  const published = await Promise.allSettled(rows.map((row) => publishRow(deps.bus, row)));
  const sent: string[] = [];
  const failed: Array<{ row: OutboxRow; error: unknown }> = [];
  for (const [i, result] of published.entries()) {
    const row = rows[i] as OutboxRow;
    if (result.status === "rejected") {
      failed.push({ row, error: result.reason });
      continue;
    }
    if (deps.afterPublish) await deps.afterPublish(JSON.parse(row.payload) as EventEnvelope);
    sent.push(row.seq);
  }
  const first = failed[0];
  if (!first) {
    // Rows claimed by the next pass must be published only while NATS is up (as `runPass` checks).
    const next = sent.length > 0 && deps.connected() ? deps.chain?.(full) : undefined;
    if (next) return { sent, next };
    const forward = rows.length === 0 && forwardAs !== undefined ? forwardSql(forwardAs) : "";
    await client.query(`${markSentSql(sent)}${forward}COMMIT`);
    return { published: sent.length, parked: 0, more: full };
  }
  if (sent.length > 0) await client.query(markSentSql(sent));
  if (!deps.connected() || !(await jetStreamAnswers(deps.bus))) {
    await client.query("COMMIT");
    return {
      published: sent.length,
      parked: 0,
      more: false,
      failure: new OutboxOutageError("NATS JetStream is unreachable", { cause: first.error }),
    };
  }
  let parked = 0;
  for (const { row, error } of failed) {
    const attempts = row.attempts + 1;
    const { rows: marked } = await client.query<{ parked: boolean }>(PARK_SQL, [
      row.seq,
      attempts,
      String(error),
      attempts >= deps.maxAttempts,
      deps.parkAfterMs,
    ]);
    const park = marked[0]?.parked === true;
    const where = { eventId: row.event_id, eventType: row.event_type, seq: row.seq, attempts, err: error };
    if (park) {
      parked++;
      deps.logger.error(where, "outbox row parked after its last attempt; it waits for a human");
    }
  }
  await client.query("COMMIT");
  const retried = failed.length - parked;
  return {
    published: sent.length,
    parked,
    more: sent.length + parked >= deps.batchSize,
    ...(retried > 0
      ? {
          failure: new OutboxPublishError(
            `Could not publish ${retried} event(s), first ${first.row.event_id} (${first.row.event_type})`,
            { cause: first.error },
          ),
        }
      : {}),
  };
}

/**
 * Publish one row as a producer span in the trace the row was written in; the message carries the span's
 * context, so the consumer's span becomes its child. When the row's context is not sampled, no span is
 * started and the message carries that context itself.
 */
async function publishRow(bus: Bus, row: OutboxRow): Promise<void> {
  const subject = bus.subject(row.event_type);
  const parent = contextFromCarrier(row.headers);
  // No span nobody records (see `unsampled`): the message carries the row's context as stored.
  if (unsampled(parent)) {
    await bus.js.publish(subject, row.payload, { msgID: row.event_id, headers: toMsgHeaders(row.headers) });
    return;
  }
  const span = busTracer().startSpan(
    `send ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        ...messagingAttributes(subject, row.event_id),
        "messaging.operation.type": "send",
        "bus.outbox.seq": row.seq,
        "bus.outbox.attempts": row.attempts,
      },
    },
    parent,
  );
  try {
    const carrier = { ...row.headers, ...captureTraceContext(trace.setSpan(parent, span)) };
    await context.with(trace.setSpan(parent, span), () =>
      bus.js.publish(subject, row.payload, { msgID: row.event_id, headers: toMsgHeaders(carrier) }),
    );
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Whether JetStream's API answers at all: tells an outage from a fault of one message. */
/**
 * Counts a failed publish and parks the row once it has failed `maxAttempts` times ($4) over at least
 * `parkAfterMs` ($5) since its first failure: a NATS node whose JetStream is still starting answers like a
 * subject without a stream, and only the latter lasts.
 */
const PARK_SQL = `UPDATE outbox
    SET attempts = $2, last_error = $3, first_failed_at = coalesce(first_failed_at, now()),
        parked_at = CASE WHEN $4 AND coalesce(first_failed_at, now()) <= now() - make_interval(secs => $5 / 1000.0)
                         THEN now() END
  WHERE seq = $1
  RETURNING parked_at IS NOT NULL AS parked`;

async function jetStreamAnswers(bus: Bus): Promise<boolean> {
  try {
    await bus.jsm.getAccountInfo();
    return true;
  } catch {
    return false;
  }
}

/**
 * After a claim that found nothing: notify the outbox channel with `payload` unless this transaction holds
 * the relay lock (taking it again is a no-op then): the claim found nothing because another relay holds
 * it. Ends in `;`. The payload is the relay's id, checked to be safe as a literal.
 */
function forwardSql(payload: string): string {
  if (!/^[\w-]+$/.test(payload)) throw new Error(`Unexpected relay id ${payload}`);
  return `SELECT pg_notify('${OUTBOX_CHANNEL_PREFIX}' || coalesce(current_schema(), ''), '${payload}') WHERE NOT ${RELAY_LOCK};`;
}

/**
 * The statement marking `seqs` sent, ending in `;` (empty when there are none), with the seqs as literals:
 * they are the bigints the claim read, checked to be digits only.
 */
function markSentSql(seqs: string[]): string {
  if (seqs.length === 0) return "";
  for (const seq of seqs) if (!/^\d+$/.test(seq)) throw new Error(`Unexpected outbox seq ${seq}`);
  return `UPDATE outbox SET sent_at = now() WHERE seq IN (${seqs.join(", ")});`;
}
