import { randomUUID } from "node:crypto";
import type { Pool } from "@mp/db";
import type { ReconcileCheckpoints } from "../application/reconcile-payment-events";

/**
 * How long a pass may hold the lease. A replica that dies mid-pass leaves it to lapse; a pass that takes
 * longer may overlap the next one, which is harmless (events are stored once by id).
 */
export const RECONCILE_LEASE_SECONDS = 600;

/**
 * The `reconcile_checkpoints` row of one source, leased with a conditional UPDATE (taken only when free or
 * lapsed), so no transaction stays open while Stripe is called.
 */
export function makeReconcileCheckpoints(pool: Pool, source = "stripe-events"): ReconcileCheckpoints {
  return {
    async withLease(work) {
      const holder = randomUUID();
      const { rows } = await pool.query<{ checkpoint: Date | null }>(
        `UPDATE reconcile_checkpoints
            SET lease_holder = $2, lease_until = now() + make_interval(secs => $3)
          WHERE source = $1 AND (lease_until IS NULL OR lease_until < now())
        RETURNING checkpoint`,
        [source, holder, RECONCILE_LEASE_SECONDS],
      );
      const leased = rows[0];
      if (!leased) return undefined;
      try {
        const result = await work(leased.checkpoint);
        await pool.query(
          `UPDATE reconcile_checkpoints
              SET checkpoint = greatest(checkpoint, $3), last_pass_at = now(), last_recovered = $4,
                  lease_holder = NULL, lease_until = NULL
            WHERE source = $1 AND lease_holder = $2`,
          [source, holder, result.checkpoint, result.recovered],
        );
        return result;
      } catch (error) {
        await pool
          .query(
            `UPDATE reconcile_checkpoints SET lease_holder = NULL, lease_until = NULL
              WHERE source = $1 AND lease_holder = $2`,
            [source, holder],
          )
          .catch(() => undefined);
        throw error;
      }
    },
  };
}
