import { metrics } from "@opentelemetry/api";
import type { ReconcileCounter } from "../application/reconcile-payment-events";

/** `settlements.reconciled_events`: events stored by reconciliation, never received as notifications. */
export function makeReconcileCounter(): ReconcileCounter {
  const counter = metrics.getMeter("@mp/svc-settlements").createCounter("settlements.reconciled_events", {
    description: "Stripe events stored by reconciliation that no notification had delivered",
    unit: "{event}",
  });
  return { add: (recovered) => counter.add(recovered) };
}
