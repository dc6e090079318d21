import type { EventEnvelope } from "@mp/bus";
import type { Queryable } from "@mp/db";

/**
 * Dead-letters an event from inside its handler's transaction, for an event that can never apply (no
 * retry can change it): the row is written with the inbox record, so the event is acked and kept for a
 * human, like the bus's own dead letters (`pnpm bus dead-letters`).
 */
export function makeHandlerDeadLetter(consumer: string) {
  return async (tx: Queryable, event: EventEnvelope, reason: string): Promise<void> => {
    await tx.query(
      `INSERT INTO dead_letters (consumer, event_id, subject, payload, error, attempts)
       VALUES ($1, $2, $3, $4::jsonb, $5, 1)`,
      [consumer, event.id, event.type, JSON.stringify(event), reason],
    );
  };
}
