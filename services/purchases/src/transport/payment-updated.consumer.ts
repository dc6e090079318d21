import { type PaymentUpdatedV1, paymentUpdate, paymentUpdatedV1 } from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeApplyPaymentUpdate } from "../application/apply-payment-update";

/**
 * Purchases's subscription to settlements.payment.updated.v1. An unmatched update (its listing not known
 * yet) is retried for longer than the bus default: `backoffMs` then its last delay until `maxDeliver`
 * deliveries, after which the bus dead-letters it.
 */
export function paymentUpdatedConsumer(
  applyPaymentUpdate: ReturnType<typeof makeApplyPaymentUpdate>,
  retry: { maxDeliver: number; backoffMs: number[] },
): RegisteredConsumer {
  return defineConsumer<PaymentUpdatedV1>({
    durable: "purchases-payments",
    stream: paymentUpdatedV1.stream,
    eventTypes: [paymentUpdatedV1.type],
    schema: paymentUpdate,
    ...retry,
    handle: applyPaymentUpdate,
  });
}
