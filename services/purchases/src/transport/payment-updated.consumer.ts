import { type PaymentUpdatedV1, paymentUpdate, paymentUpdatedV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeApplyPaymentUpdate } from "../application/apply-payment-update";

/**
 * Payment updates applied together in one transaction when they queue up (a burst of payments): the
 * bus's largest batch. Without a stack, 64 instead of 32 halved the statements per purchase and took
 * about a fifth off its CPU here and in PostgreSQL (`scripts/purchase-writer-cpu.ts`).
 */
export const PAYMENT_UPDATE_BATCH = 64;

/**
 * Purchases's subscription to settlements.payment.updated.v1. An unmatched update (its listing not known
 * yet) is retried for longer than the bus default: `backoffMs` then its last delay until `maxDeliver`
 * deliveries, after which the bus dead-letters it.
 *
 * One worker (no `concurrency`): updates are applied in delivery order, which keeps an intent's updates
 * in order (applied concurrently, a later one could make the purchase before its first). What queued up
 * while the previous transaction ran, up to {@link PAYMENT_UPDATE_BATCH} updates, is applied in one
 * transaction, still one after another in that order: one commit per batch instead of one per payment.
 * Should one of them fail (unmatched), the batch rolls back and each is applied alone, in order; the
 * unmatched one is recorded once per delivery, by `onFailure`, after its own rollback.
 */
export function paymentUpdatedConsumer(
  apply: ReturnType<typeof makeApplyPaymentUpdate>,
  retry: { maxDeliver: number; backoffMs: number[] },
): RegisteredConsumer {
  return defineConsumer<PaymentUpdatedV1>({
    durable: "purchases-payments",
    stream: paymentUpdatedV1.stream,
    eventTypes: [paymentUpdatedV1.type],
    schema: paymentUpdate,
    ...retry,
    batchSize: PAYMENT_UPDATE_BATCH,
    handle: apply.handle,
    onFailure: apply.unmatched,
  });
}
