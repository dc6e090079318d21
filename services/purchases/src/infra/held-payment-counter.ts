import { metrics } from "@opentelemetry/api";
import type { HeldPaymentCounter } from "../application/ports";

/** `purchases.held_payments`: purchases made held because the payment did not match the price, by reason. */
export function makeHeldPaymentCounter(): HeldPaymentCounter {
  const counter = metrics.getMeter("@mp/svc-purchases").createCounter("purchases.held_payments", {
    description: "Purchases held because the payment's amount or currency differs from the listing's price",
    unit: "{purchase}",
  });
  return { add: (reason) => counter.add(1, { reason }) };
}
