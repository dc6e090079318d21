import type { Pool } from "@mp/db";
import type { UnmatchedPaymentRepository } from "../application/ports";

export function makeUnmatchedPaymentRepository(pool: Pool): UnmatchedPaymentRepository {
  return {
    record: async (update, reason) => {
      await pool.query(
        `INSERT INTO unmatched_payments
           (stripe_event_id, payment_intent_id, kind, listing_id, device_id, amount, currency, livemode, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (stripe_event_id) DO UPDATE
           SET attempts = unmatched_payments.attempts + 1, reason = EXCLUDED.reason, last_seen_at = now()`,
        [
          update.stripeEventId,
          update.paymentIntentId,
          update.kind,
          update.listingId ?? null,
          update.deviceId ?? null,
          update.amount.amount,
          update.amount.currency,
          update.livemode,
          reason,
        ],
      );
    },
    resolve: async (tx, stripeEventIds) => {
      if (stripeEventIds.length === 0) return;
      await tx.query({
        name: "purchases-unmatched-resolve",
        text: `UPDATE unmatched_payments SET resolved_at = now()
                WHERE stripe_event_id = ANY($1::text[]) AND resolved_at IS NULL`,
        values: [stripeEventIds],
      });
    },
  };
}
