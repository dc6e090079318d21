import type { Pool } from "@mp/db";
import type Stripe from "stripe";
import { makeReconcilePaymentEvents } from "./application/reconcile-payment-events";
import { HANDLED_EVENT_TYPES } from "./domain/payment-update";
import { makePaymentEventRepository } from "./infra/payment-event.repository";
import { makeReconcileCheckpoints } from "./infra/reconcile-checkpoint.repository";
import { makeReconcileCounter } from "./infra/reconcile-counter";
import { makeStripeEventSource } from "./infra/stripe-event-source";

export type { ReconcileResult } from "./application/reconcile-payment-events";

/**
 * One reconciliation pass over settlements' schema (`pool` pinned to it) and a Stripe client: the
 * service's loop runs it, and so does `pnpm pay reconcile`.
 */
export function makeStripeReconciliation(
  pool: Pool,
  stripe: Stripe,
  options: { clock?: { now(): Date }; events?: ReturnType<typeof makePaymentEventRepository> } = {},
) {
  return makeReconcilePaymentEvents({
    source: makeStripeEventSource(stripe),
    checkpoints: makeReconcileCheckpoints(pool),
    events: options.events ?? makePaymentEventRepository(pool),
    counter: makeReconcileCounter(),
    types: HANDLED_EVENT_TYPES,
    clock: options.clock ?? { now: () => new Date() },
  });
}
