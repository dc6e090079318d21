import { metrics } from "@opentelemetry/api";
import type { UnmatchedCounter } from "../application/ports";

/** `purchases.unmatched_payments`: payment updates that could not be matched (each delivery), by reason. */
export function makeUnmatchedCounter(): UnmatchedCounter {
  const counter = metrics.getMeter("@mp/svc-purchases").createCounter("purchases.unmatched_payments", {
    description: "Payment updates that could not be matched to a listing or purchase (each delivery)",
    unit: "{event}",
  });
  return { add: (reason) => counter.add(1, { reason }) };
}
