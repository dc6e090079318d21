import { newEvent } from "@mp/bus";
import { paymentUpdatedV1 } from "@mp/contracts";
import { interpretStripeEvent } from "../domain/payment-update";
import type { ClaimedPaymentEvent, PaymentEventRepository, UnitOfWork } from "./ports";

/** Events handled per transaction. */
export const PROCESS_BATCH = 20;

export interface ProcessedBatch {
  processed: number;
  emitted: number;
  unprocessable: string[];
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
  return (): Promise<ProcessedBatch> =>
    deps.unitOfWork.run(async (tx, emit) => {
      const claimed = await deps.events.claim(tx, batchSize);
      const batch: ProcessedBatch = { processed: claimed.length, emitted: 0, unprocessable: [] };
      for (const event of claimed) {
        const meaning = interpretStripeEvent(parsed(event));
        if (meaning.outcome === "emitted") {
          const { update } = meaning;
          const version = await deps.events.nextIntentVersion(tx, update.paymentIntentId);
          await emit(
            newEvent(
              paymentUpdatedV1.type,
              "settlements",
              { ...update, version },
              new Date(update.occurredAt),
            ),
          );
          batch.emitted += 1;
        } else if (meaning.outcome === "unprocessable") batch.unprocessable.push(event.id);
        await deps.events.markProcessed(
          tx,
          event.id,
          meaning.outcome,
          "detail" in meaning ? meaning.detail : null,
        );
      }
      return batch;
    });
}
