import { type EventEnvelope, newEvent } from "@mp/bus";
import { paymentUpdatedV1 } from "@mp/contracts";
import { type PoolClient, withSavepoint } from "@mp/db";
import { type Interpretation, interpretStripeEvent, unprocessable } from "../domain/payment-update";
import type { ClaimedPaymentEvent, PaymentEventRepository, UnitOfWork } from "./ports";

/** Events handled per transaction. */
export const PROCESS_BATCH = 20;

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
  events: PaymentEventRepository;
  unitOfWork: UnitOfWork;
  batchSize?: number;
}) {
  const batchSize = deps.batchSize ?? PROCESS_BATCH;
  /** Append the update, versioned under the intent's row lock; returns the outcome actually recorded. */
  const apply = async (
    tx: PoolClient,
    emit: (event: EventEnvelope) => Promise<void>,
    meaning: Interpretation,
  ): Promise<Interpretation> => {
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

  return (): Promise<ProcessedBatch> =>
    deps.unitOfWork.run(async (tx, emit) => {
      const claimed = await deps.events.claim(tx, batchSize);
      const batch: ProcessedBatch = { processed: claimed.length, emitted: 0, unprocessable: [] };
      for (const event of claimed) {
        const outcome = await apply(tx, emit, interpretStripeEvent(parsed(event)));
        if (outcome.outcome === "emitted") batch.emitted += 1;
        if (outcome.outcome === "unprocessable") batch.unprocessable.push(event.id);
        const detail = "detail" in outcome ? outcome.detail : null;
        await deps.events.markProcessed(tx, event.id, outcome.outcome, detail);
      }
      return batch;
    });
}
