import type { Pool, PoolClient } from "@mp/db";
import type { ClaimedPaymentEvent, PaymentEventRepository } from "../application/ports";
import type { ReceivedPaymentEvent } from "../domain/payment-event";

/** NOTIFY channel prefix; the schema completes it, as for the outbox, so each service wakes only its own. */
export const PAYMENT_EVENTS_CHANNEL_PREFIX = "payment_events.";

export function makePaymentEventRepository(pool: Pool): PaymentEventRepository {
  return {
    async insert(event: ReceivedPaymentEvent) {
      // One statement: the row and its notification (delivered on commit) or, for a known id, neither.
      // Concurrent copies of one id wait for the first insert and then do nothing.
      const { rows } = await pool.query<{ id: string }>(
        `WITH stored AS (
           INSERT INTO payment_events (id, type, livemode, created, payload)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO NOTHING
           RETURNING id
         )
         SELECT id, pg_notify($6 || coalesce(current_schema(), ''), '') FROM stored`,
        [event.id, event.type, event.livemode, event.created, event.payload, PAYMENT_EVENTS_CHANNEL_PREFIX],
      );
      return rows.length === 1;
    },

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
