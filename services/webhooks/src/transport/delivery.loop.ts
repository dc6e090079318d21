import { listenForSchemaChannel } from "@mp/bus";
import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { makeAttemptDelivery } from "../application/attempt-delivery";
import type { ClaimLimits, Clock, DeliveryRepository } from "../application/ports";
import { DELIVERY_CHANNEL_PREFIX } from "../infra/delivery.repository";

export interface DeliveryLoopOptions {
  pool: Pool;
  deliveries: DeliveryRepository;
  attempt: ReturnType<typeof makeAttemptDelivery>;
  clock: Clock;
  logger: Logger;
  /** Attempts in flight in this process at most. */
  concurrency: number;
  /** Attempts in flight per endpoint at most (every replica together). */
  perEndpoint: number;
  /** An attempt's timeout; a claim's lease is longer. */
  timeoutMs: number;
  pollMs: number;
}

export interface DeliveryLoop {
  /** Look for due deliveries now (after a commit that made some). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The delivery workers: claims due deliveries whenever a slot is free (woken by the deliveries' NOTIFY,
 * by an attempt ending, and every `pollMs`), each attempt running on its own, so a slow endpoint holds at
 * most `perEndpoint` slots while every other endpoint's deliveries go on.
 */
export function startDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const { logger } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let claiming = false;
  let again = false;
  const limits = (free: number): ClaimLimits => ({
    limit: free,
    perEndpoint: options.perEndpoint,
    leaseMs: options.timeoutMs + 15_000,
  });

  const claimAndRun = async () => {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const free = options.concurrency - inFlight.size;
        if (stopped || free <= 0) break;
        const claimed = await options.deliveries.claim(options.clock.now(), limits(free));
        for (const delivery of claimed) {
          const run = options
            .attempt(delivery)
            .then(() => undefined)
            .catch((error) =>
              logger.error({ err: error, deliveryId: delivery.id }, "webhook attempt failed to record"),
            )
            .finally(() => {
              inFlight.delete(run);
              wake();
            });
          inFlight.add(run);
        }
        if (claimed.length === free) again = true;
      } while (again);
    } catch (error) {
      logger.warn({ err: error }, "claiming webhook deliveries failed; retrying on the next poll");
    } finally {
      claiming = false;
    }
  };
  const wake = () => {
    if (!stopped) void claimAndRun();
  };
  const listener = listenForSchemaChannel(options.pool, DELIVERY_CHANNEL_PREFIX, logger, wake);
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
