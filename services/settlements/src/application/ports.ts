import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import type { ReceivedPaymentEvent } from "../domain/payment-event";
import type { Interpretation } from "../domain/payment-update";

/**
 * Checks a notification's signature over its raw bytes and returns the parsed event; refuses with
 * `invalid-signature` (bad, missing or stale) or `validation-failed` (signed, but not JSON).
 */
export interface SignatureVerifier {
  verify(payload: Buffer, header: string): unknown;
}

/** A stored event the processor has claimed (its row locked until the transaction ends). */
export interface ClaimedPaymentEvent {
  id: string;
  payload: Buffer;
}

/** Storage of received events and the processor's bookkeeping. */
/** What became of one event handed to `insertAll`. */
export type InsertOutcome = { stored: boolean } | { error: unknown };

export interface PaymentEventRepository {
  /** Store an event unless its id is stored already; true when this call stored it. Wakes the processor. */
  insert(event: ReceivedPaymentEvent): Promise<boolean>;
  /**
   * Store several events as `insert` does, together (one statement when nothing fails); answers per
   * event, in order: whether this call stored it, or why it could not be stored.
   */
  insertAll(events: readonly ReceivedPaymentEvent[]): Promise<InsertOutcome[]>;
  /** Lock up to `limit` unprocessed events, oldest received first, skipping rows another replica holds. */
  claim(tx: PoolClient, limit: number): Promise<ClaimedPaymentEvent[]>;
  markProcessed(
    tx: PoolClient,
    id: string,
    outcome: Interpretation["outcome"],
    detail: string | null,
  ): Promise<void>;
  /** The intent's next aggregate version, under its row lock until the transaction ends. */
  nextIntentVersion(tx: PoolClient, paymentIntentId: string): Promise<number>;
}

/**
 * Appends one event, or several in order with one statement, to the outbox inside the transaction (what
 * `appendToOutbox` of @mp/bus takes).
 */
export type Emit = (events: EventEnvelope | readonly EventEnvelope[]) => Promise<void>;

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: Emit) => Promise<T>): Promise<T>;
}
