import { appendToOutbox, type EventEnvelope, writeWithOutbox } from "@mp/bus";
import { type Pool, type PoolClient, type SqlStatement, withTransaction } from "@mp/db";
import { v7 as uuidv7 } from "uuid";

/**
 * The one way services write: a transaction in which every emitted event is appended to the outbox, so a
 * change and the events announcing it commit (or vanish) together. A change that is a single statement
 * can go through `commit` instead: the statement and the outbox append are one statement, committed in
 * one round trip instead of four (`writeWithOutbox`); never from inside `run`.
 */
export function makeUnitOfWork(pool: Pool) {
  return {
    run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T> {
      return withTransaction(pool, (tx) => work(tx, (event) => appendToOutbox(tx, event)));
    },
    async commit(write: SqlStatement, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
      await writeWithOutbox(pool, write, events);
    },
    /**
     * `commit` for a write that may do nothing (`INSERT … ON CONFLICT DO NOTHING`, ending in `RETURNING`):
     * the events are committed only with a row it wrote. Resolves to whether it wrote.
     */
    commitIfWritten(write: SqlStatement, events: EventEnvelope | readonly EventEnvelope[]): Promise<boolean> {
      return writeWithOutbox(pool, write, events, { onlyIfWritten: true });
    },
  };
}

export const systemClock = { now: () => new Date() };
export const uuidV7Ids = { next: () => uuidv7() };
