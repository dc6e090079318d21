import type { Logger } from "@mp/logger";
import type { ReconcileResult } from "../application/reconcile-payment-events";

export interface PaymentEventReconciler {
  /** Finish the pass in progress, then stop. */
  stop(): Promise<void>;
}

/**
 * Keeps every missed event found within `intervalMs` (STRIPE_RECONCILE_INTERVAL) of its creation: a pass
 * runs every half interval (the first half an interval after start-up), so an event waits at most half
 * an interval for the next pass, and the other half is the margin for the pass itself and the processing
 * after it. With passes a whole interval apart, an event made just after a pass was found only after one
 * interval plus that work: never within the interval. The window each pass reads (checkpoint minus its
 * overlap) is unchanged, so the extra passes only re-read events already stored (no-ops).
 * A pass that fails (Stripe or the database unreachable) is logged and the next one retries it; a pass
 * another replica is running is skipped, and one still running when the timer fires again is not doubled.
 */
/** How often passes run for a recovery bound of `intervalMs`: every half of it, at least every second. */
export const reconcilePassEveryMs = (intervalMs: number): number =>
  Math.max(1_000, Math.floor(intervalMs / 2));

export function startPaymentEventReconciler(
  pass: () => Promise<ReconcileResult>,
  options: { intervalMs: number; logger: Logger },
): PaymentEventReconciler {
  const log = options.logger.child({ component: "payment-event-reconciler" });
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const result = await pass();
      if (!result.ran) log.debug("another replica is reconciling; pass skipped");
      else
        log[result.recovered > 0 ? "warn" : "info"](
          { listed: result.listed, recovered: result.recovered, from: result.from?.toISOString() },
          result.recovered > 0 ? "reconciliation recovered missed Stripe events" : "reconciliation pass done",
        );
    } catch (error) {
      log.error({ err: error }, "reconciliation pass failed; the next one retries");
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = undefined;
    });
  }, reconcilePassEveryMs(options.intervalMs));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
