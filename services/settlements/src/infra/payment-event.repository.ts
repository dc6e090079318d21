import type { Pool, PoolClient } from "@mp/db";
import { makeBatchingQueue, type Waiting } from "@mp/runtime";
import type { ClaimedPaymentEvent, InsertOutcome, PaymentEventRepository } from "../application/ports";
import type { BulkPaymentEventBookkeeping } from "../application/process-payment-events";
import type { ReceivedPaymentEvent } from "../domain/payment-event";

/** NOTIFY channel prefix; the schema completes it, as for the outbox, so each service wakes only its own. */
export const PAYMENT_EVENTS_CHANNEL_PREFIX = "payment_events.";

/**
 * Callers' groups written by one statement at most; more wait for the next one. A group is one call's
 * events: one for `insert`, a gateway batch (up to 256) for `insertAll`.
 */
const MAX_GROUPS_PER_STATEMENT = 8;
/** Insert statements in flight at once (each holds a pool connection until it commits). */
const MAX_INSERTS_IN_FLIGHT = 3;

type PendingGroup = Waiting<readonly ReceivedPaymentEvent[], InsertOutcome[]>;

/** One statement: the rows and one notification (delivered on commit); a known id is skipped. */
const INSERT_SQL = `WITH stored AS (
     INSERT INTO payment_events (id, type, livemode, created, payload)
     SELECT id, type, livemode, created, payload
       FROM unnest($1::text[], $2::text[], $3::boolean[], $4::timestamptz[], $5::bytea[])
            WITH ORDINALITY AS e(id, type, livemode, created, payload, ord)
      ORDER BY ord
     ON CONFLICT (id) DO NOTHING
     RETURNING id
   )
   SELECT id, pg_notify($6 || coalesce(current_schema(), ''), '') FROM stored`;

/**
 * Group commit for the intake: events handed in while `MAX_INSERTS_IN_FLIGHT` statements are running wait
 * for one of them and are then written with every other group waiting by then, in one multi-row statement
 * and one commit (one WAL flush, one round trip). The events of one call (`insertAll`, a gateway batch)
 * always travel together. A caller's promise resolves only after the commit of the statement that wrote
 * its rows, so the 204 still means "stored durably". Alone, a group goes out at once: no timer, no added
 * latency at a low rate. Copies of one id in a statement: the first is the one stored (if the id is new),
 * the others report a repeat; concurrent copies in different statements wait on the first one's row and
 * then do nothing. A statement that fails (an event PostgreSQL refuses) is retried row by row, so only the
 * event at fault fails.
 */
function makeInsertBatcher(pool: Pool) {
  async function write(batch: readonly ReceivedPaymentEvent[]): Promise<Set<string>> {
    const firsts = new Map<string, ReceivedPaymentEvent>();
    for (const event of batch) if (!firsts.has(event.id)) firsts.set(event.id, event);
    // In id order: two statements holding copies of the same ids take their row locks in the same order,
    // so they wait for each other instead of deadlocking. (Events in one batch arrived concurrently: no
    // order among them is lost.)
    const events = [...firsts.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const { rows } = await pool.query<{ id: string }>(INSERT_SQL, [
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.livemode),
      events.map((e) => e.created),
      events.map((e) => e.payload),
      PAYMENT_EVENTS_CHANNEL_PREFIX,
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** Each event's outcome, in order; only the first copy of a stored id counts as stored. */
  function outcomes(events: readonly ReceivedPaymentEvent[], stored: Set<string>): InsertOutcome[] {
    const answered = new Set<string>();
    return events.map(({ id }) => {
      const outcome = { stored: stored.has(id) && !answered.has(id) };
      answered.add(id);
      return outcome;
    });
  }

  async function flush(batch: PendingGroup[]): Promise<void> {
    const events = batch.flatMap((group) => group.item);
    let answers: InsertOutcome[];
    try {
      answers = outcomes(events, await write(events));
    } catch (error) {
      if (events.length === 1) {
        answers = [{ error }];
      } else {
        // Alone, a later copy of an id finds the first one's row and reports a repeat.
        answers = [];
        for (const event of events) {
          try {
            answers.push({ stored: (await write([event])).has(event.id) });
          } catch (single) {
            answers.push({ error: single });
          }
        }
      }
    }
    let at = 0;
    for (const group of batch) {
      group.resolve(answers.slice(at, at + group.item.length));
      at += group.item.length;
    }
  }

  const submit = makeBatchingQueue({
    maxBatch: MAX_GROUPS_PER_STATEMENT,
    maxInFlight: MAX_INSERTS_IN_FLIGHT,
    flush,
  });
  return {
    insertAll: (events: readonly ReceivedPaymentEvent[]) =>
      events.length === 0 ? Promise.resolve([]) : submit(events),
    async insert(event: ReceivedPaymentEvent): Promise<boolean> {
      const [outcome] = await submit([event]);
      if (!outcome || "error" in outcome) throw outcome?.error;
      return outcome.stored;
    },
  };
}

export function makePaymentEventRepository(pool: Pool): PaymentEventRepository & BulkPaymentEventBookkeeping {
  const { insert, insertAll } = makeInsertBatcher(pool);
  return {
    insert,
    insertAll,

    async claim(tx: PoolClient, limit: number): Promise<ClaimedPaymentEvent[]> {
      const { rows } = await tx.query<ClaimedPaymentEvent>(
        `SELECT id, payload FROM payment_events
          WHERE processed_at IS NULL
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      return rows;
    },

    async markProcessed(tx, id, outcome, detail) {
      await tx.query(
        `UPDATE payment_events SET processed_at = now(), outcome = $2, outcome_detail = $3 WHERE id = $1`,
        [id, outcome, detail],
      );
    },

    async markAllProcessed(tx, outcomes) {
      await tx.query(
        `UPDATE payment_events p SET processed_at = now(), outcome = u.outcome, outcome_detail = u.detail
           FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, outcome, detail)
          WHERE p.id = u.id`,
        [outcomes.map((o) => o.id), outcomes.map((o) => o.outcome), outcomes.map((o) => o.detail)],
      );
    },

    async nextIntentVersions(tx, paymentIntentIds) {
      // One row per intent, raised by the number of its updates in this pass; in id order, so two
      // replicas lock the same intents in the same order. The k-th of an intent's n updates gets
      // version (new version - n + k).
      const counts = new Map<string, number>();
      for (const id of paymentIntentIds) counts.set(id, (counts.get(id) ?? 0) + 1);
      const ids = [...counts.keys()].sort();
      const { rows } = await tx.query<{ id: string; version: number }>(
        `INSERT INTO payment_intents (id, version, updated_at)
         SELECT id, n, now() FROM unnest($1::text[], $2::int[]) AS u(id, n) ORDER BY id
         ON CONFLICT (id) DO UPDATE SET version = payment_intents.version + EXCLUDED.version, updated_at = now()
         RETURNING id, version`,
        [ids, ids.map((id) => counts.get(id))],
      );
      const next = new Map(rows.map((r) => [r.id, r.version - (counts.get(r.id) ?? 0) + 1]));
      return paymentIntentIds.map((id) => {
        const version = next.get(id);
        if (version === undefined) throw new Error(`No version for payment intent ${id}`);
        next.set(id, version + 1);
        return version;
      });
    },

    async nextIntentVersion(tx, paymentIntentId) {
      const { rows } = await tx.query<{ version: number }>(
        `INSERT INTO payment_intents (id, version, updated_at) VALUES ($1, 1, now())
         ON CONFLICT (id) DO UPDATE SET version = payment_intents.version + 1, updated_at = now()
         RETURNING version`,
        [paymentIntentId],
      );
      const version = rows[0]?.version;
      if (version === undefined) throw new Error(`No version for payment intent ${paymentIntentId}`);
      return version;
    },
  };
}
