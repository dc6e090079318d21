import { envelopeOf, type ReceivedPaymentEvent } from "../domain/payment-event";
import type { PaymentEventRepository } from "./ports";

/**
 * Stripe's events list is read a little behind the last pass's start: an event can be listed a moment
 * after its `created` time, and clocks differ. Events seen twice are no-ops (deduplicated by id).
 */
export const RECONCILE_OVERLAP_SECONDS = 600;
/** The first pass ever looks back this far: as long as Stripe keeps retrying a notification (3 days). */
export const RECONCILE_FIRST_LOOKBACK_SECONDS = 3 * 24 * 3600;
/** Events stored with one `insertAll` (one statement) at a time. */
const STORE_BATCH = 100;

/** Stripe's events of the given types created at or after `createdGte` (unix seconds), in any order. */
export interface PaymentEventSource {
  list(input: { types: readonly string[]; createdGte: number }): AsyncIterable<unknown>;
}

/** The checkpoint, read and written under a lease only one replica holds at a time. */
export interface ReconcileCheckpoints {
  /**
   * Runs `work` holding the lease, with the checkpoint (null before the first pass); what `work` returns
   * as `checkpoint` is saved when it succeeds. Undefined, without running `work`, while another holds it.
   */
  withLease<T extends { checkpoint: Date; recovered: number }>(
    work: (checkpoint: Date | null) => Promise<T>,
  ): Promise<T | undefined>;
}

export interface ReconcileCounter {
  add(recovered: number): void;
}

export interface ReconcileResult {
  /** False when another replica was reconciling (nothing was done). */
  ran: boolean;
  /** Events Stripe listed in the window. */
  listed: number;
  /** Events stored now: listed, never received as a notification. */
  recovered: number;
  /** The window's start. */
  from?: Date;
}

/**
 * One reconciliation pass: list Stripe's events of the types settlements handles, from the checkpoint
 * minus the overlap, and store each one not yet stored exactly as the webhook intake stores a verified
 * notification (`envelopeOf`, then `insertAll`, deduplicated by event id); the processor then handles
 * them as it handles notifications. The checkpoint moves to the pass's start once every page is stored,
 * so a pass that fails half-way is repeated whole by the next one.
 */
export function makeReconcilePaymentEvents(deps: {
  source: PaymentEventSource;
  checkpoints: ReconcileCheckpoints;
  events: Pick<PaymentEventRepository, "insertAll">;
  counter: ReconcileCounter;
  types: readonly string[];
  clock: { now(): Date };
}) {
  async function storeAll(batch: ReceivedPaymentEvent[]): Promise<number> {
    let stored = 0;
    for (const outcome of await deps.events.insertAll(batch.splice(0))) {
      if ("error" in outcome) throw outcome.error;
      if (outcome.stored) stored += 1;
    }
    return stored;
  }

  return async (): Promise<ReconcileResult> => {
    const startedAt = deps.clock.now();
    let listed = 0;
    let from: Date | undefined;
    const result = await deps.checkpoints.withLease(async (checkpoint) => {
      const fromMs = checkpoint
        ? checkpoint.getTime() - RECONCILE_OVERLAP_SECONDS * 1000
        : startedAt.getTime() - RECONCILE_FIRST_LOOKBACK_SECONDS * 1000;
      from = new Date(fromMs);
      const pending: ReceivedPaymentEvent[] = [];
      let recovered = 0;
      for await (const event of deps.source.list({
        types: deps.types,
        createdGte: Math.floor(fromMs / 1000),
      })) {
        listed += 1;
        pending.push(envelopeOf(event, Buffer.from(JSON.stringify(event))));
        if (pending.length >= STORE_BATCH) recovered += await storeAll(pending);
      }
      if (pending.length > 0) recovered += await storeAll(pending);
      return { checkpoint: startedAt, recovered };
    });
    if (!result) return { ran: false, listed: 0, recovered: 0 };
    deps.counter.add(result.recovered);
    return { ran: true, listed, recovered: result.recovered, ...(from ? { from } : {}) };
  };
}
