import { newEvent } from "@mp/bus";
import { paymentUpdatedV1 } from "@mp/contracts";
import { type PoolClient, withSavepoint } from "@mp/db";
import { type Interpretation, interpretStripeEvent, unprocessable } from "../domain/payment-update";
import type { ClaimedPaymentEvent, Emit, PaymentEventRepository, UnitOfWork } from "./ports";

/**
 * Events handled per transaction. Large enough that a burst of notifications (1,000/s in the benchmark,
 * docs/payments.md) costs a few transactions a second, small enough that one pass stays well under a
 * second and holds few row locks.
 */
export const PROCESS_BATCH = 250;

/**
 * How long the processor lets notifications gather after one wakes it, before its pass: under a burst of
 * intake every commit notifies, and a pass per commit would cost a transaction (and its statements) for a
 * handful of events while taking CPU from the intake the 204s wait on. Events wait at most this much
 * longer to be processed; the 204 does not wait for processing at all.
 */
export const PROCESS_GATHER_MS = 100;

/**
 * Intake above this many notifications a second counts as busy: processing then makes way for it, one
 * pass (at most {@link PROCESS_BATCH} events) every {@link PROCESS_BUSY_INTERVAL_MS}. Each event processed
 * sets off more work than its intake (the update's outbox row and publish, then purchases making the
 * purchase and settlements booking it, each with its own PostgreSQL work), and on a small machine all of
 * it competes with the intake the 204s wait on; the backlog is processed at full speed once the intake
 * calms down. Below this rate processing follows the intake as closely as before.
 */
export const PROCESS_BUSY_INTAKE_PER_SECOND = 200;
/**
 * While the intake is busy, the pause after each pass (cut short once it calms down): at most
 * {@link PROCESS_BATCH} events per 4 s, about 60 a second. In bench scenario E an event processed during
 * the intake cost about 1.8 ms of CPU (settlements 0.7, purchases 0.6, PostgreSQL 0.5; fitted over five
 * quick runs on a shared machine), where taking one in cost those three about 0.35 ms: at one pass a
 * second (250 events/s) processing took over half of their CPU during a 1,000/s intake.
 */
export const PROCESS_BUSY_INTERVAL_MS = 4_000;

/**
 * Optional set-at-a-time forms of the repository's bookkeeping: one statement for a whole pass instead of
 * one per event. The pass uses them when the repository has them and falls back to the per-event forms
 * (each event under its own savepoint) when a statement fails on the data.
 */
export interface BulkPaymentEventBookkeeping {
  /**
   * The next versions of these intents, one per entry, in order (an intent named twice gets two
   * consecutive versions), under the intents' row locks until the transaction ends.
   */
  nextIntentVersions(tx: PoolClient, paymentIntentIds: readonly string[]): Promise<number[]>;
  markAllProcessed(
    tx: PoolClient,
    outcomes: readonly { id: string; outcome: Interpretation["outcome"]; detail: string | null }[],
  ): Promise<void>;
}

export interface ProcessedBatch {
  processed: number;
  emitted: number;
  unprocessable: string[];
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22) is a property of the event, not of the moment: retrying
 * cannot help, so the event is marked unprocessable instead of holding up every event after it.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("22");
}

function parsed(event: ClaimedPaymentEvent): unknown {
  try {
    return JSON.parse(event.payload.toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * One pass of the processor: claims up to `batchSize` stored, unprocessed events in the order they were
 * received (rows another replica holds are skipped) and, in the same transaction that marks each one
 * processed, appends `settlements.payment.updated.v1` for the ones purchases need, versioned per payment
 * intent under the intent's row lock. A crash before the commit leaves the events unprocessed for the next
 * pass; nothing is lost and nothing is emitted twice.
 */
export function makeProcessPaymentEvents(deps: {
  events: PaymentEventRepository & Partial<BulkPaymentEventBookkeeping>;
  unitOfWork: UnitOfWork;
  batchSize?: number;
}) {
  const batchSize = deps.batchSize ?? PROCESS_BATCH;
  /** Append the update, versioned under the intent's row lock; returns the outcome actually recorded. */
  const apply = async (tx: PoolClient, emit: Emit, meaning: Interpretation): Promise<Interpretation> => {
    if (meaning.outcome !== "emitted") return meaning;
    const { update } = meaning;
    try {
      return await withSavepoint(tx, async () => {
        const version = await deps.events.nextIntentVersion(tx, update.paymentIntentId);
        const occurredAt = new Date(update.occurredAt);
        await emit(newEvent(paymentUpdatedV1.type, "settlements", { ...update, version }, occurredAt));
        return meaning;
      });
    } catch (error) {
      if (!isDataException(error)) throw error;
      return unprocessable(`storing its update failed: ${(error as Error).message}`);
    }
  };

  /**
   * Every emitted update of the pass at once: the intents' versions in one statement, then the updates
   * appended. Undefined (and nothing written: the savepoint is rolled back) when PostgreSQL refuses the
   * data, so the caller goes event by event and marks only the faulty one unprocessable.
   */
  const applyAll = async (
    tx: PoolClient,
    emit: Emit,
    meanings: Interpretation[],
  ): Promise<Interpretation[] | undefined> => {
    const { nextIntentVersions } = deps.events;
    const updates = meanings.flatMap((m) => (m.outcome === "emitted" ? [m.update] : []));
    if (!nextIntentVersions || updates.length < 2) return undefined;
    try {
      return await withSavepoint(tx, async () => {
        const versions = await nextIntentVersions(
          tx,
          updates.map((u) => u.paymentIntentId),
        );
        const envelopes = updates.map((update, i) => {
          const version = versions[i];
          if (version === undefined)
            throw new Error(`No version for payment intent ${update.paymentIntentId}`);
          const occurredAt = new Date(update.occurredAt);
          return newEvent(paymentUpdatedV1.type, "settlements", { ...update, version }, occurredAt);
        });
        // One outbox statement for the whole pass, in the order claimed.
        await emit(envelopes);
        return meanings;
      });
    } catch (error) {
      if (!isDataException(error)) throw error;
      return undefined;
    }
  };

  return (): Promise<ProcessedBatch> =>
    deps.unitOfWork.run(async (tx, emit) => {
      const claimed = await deps.events.claim(tx, batchSize);
      const batch: ProcessedBatch = { processed: claimed.length, emitted: 0, unprocessable: [] };
      const meanings = claimed.map((event) => interpretStripeEvent(parsed(event)));
      let outcomes = await applyAll(tx, emit, meanings);
      if (!outcomes) {
        outcomes = [];
        for (const meaning of meanings) outcomes.push(await apply(tx, emit, meaning));
      }
      const marks = claimed.map((event, i) => {
        const outcome = outcomes[i] as Interpretation;
        if (outcome.outcome === "emitted") batch.emitted += 1;
        if (outcome.outcome === "unprocessable") batch.unprocessable.push(event.id);
        return {
          id: event.id,
          outcome: outcome.outcome,
          detail: "detail" in outcome ? outcome.detail : null,
        };
      });
      if (deps.events.markAllProcessed && marks.length > 1) await deps.events.markAllProcessed(tx, marks);
      else for (const m of marks) await deps.events.markProcessed(tx, m.id, m.outcome, m.detail);
      return batch;
    });
}
