import type { Logger } from "@mp/logger";
import type { ReconcileResult } from "../application/reconcile-payment-events";

export interface PaymentEventReconciler {
  /** Finish the pass in progress, then stop. */
  stop(): Promise<void>;
}

/**
 * Runs a reconciliation pass every `intervalMs` (the first one interval after start-up). A pass that
 * fails (Stripe or the database unreachable) is logged and the next one retries it; a pass another
 * replica is running is skipped.
 */
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
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
