import { appendToOutbox, type EventEnvelope } from "@mp/bus";
import { type Pool, type PoolClient, withTransaction } from "@mp/db";
import { v7 as uuidv7 } from "uuid";

/**
 * The one way services write: a transaction in which every emitted event is appended to the outbox, so a
 * change and the events announcing it commit (or vanish) together.
 */
export function makeUnitOfWork(pool: Pool) {
  return {
    run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T> {
      return withTransaction(pool, (tx) => work(tx, (event) => appendToOutbox(tx, event)));
    },
  };
}

export const systemClock = { now: () => new Date() };
export const uuidV7Ids = { next: () => uuidv7() };
