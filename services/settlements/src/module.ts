import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import { type ModuleDeps, makeUnitOfWork, type ServiceModule, type ServiceSpec } from "@mp/runtime";
import type { z } from "zod";
import { makeProcessPaymentEvents, PROCESS_BATCH } from "./application/process-payment-events";
import { makeReceivePaymentEvent } from "./application/receive-payment-event";
import { defaultLivemode, settlementsConfig } from "./config";
import { makePaymentEventRepository } from "./infra/payment-event.repository";
import { stripeSignatureVerifier } from "./infra/stripe-signature";
import { earningsRegistration } from "./transport/earnings.module";
import { startPaymentEventProcessor } from "./transport/payment-events.processor";
import { SETTLEMENTS_SERVICE, settlementsGrpc } from "./transport/settlements.grpc";

type SettlementsConfig = z.output<typeof settlementsConfig>;

/**
 * Builds the settlements service from its dependencies; main.ts, the launcher and the tests share it.
 * `processor: false` leaves stored payment events unprocessed (tests stop there to play a crash between
 * the 204 and processing).
 */
export function buildSettlements(
  deps: ModuleDeps<SettlementsConfig & { NODE_ENV?: string }>,
  options: { processor?: boolean } = {},
): ServiceModule {
  const events = makePaymentEventRepository(deps.pool);
  const receivePaymentEvent = makeReceivePaymentEvent({
    verifier: stripeSignatureVerifier(deps.config.STRIPE_WEBHOOK_SECRET),
    events,
  });
  const processor =
    options.processor === false
      ? undefined
      : startPaymentEventProcessor(
          makeProcessPaymentEvents({
            events,
            unitOfWork: makeUnitOfWork(deps.pool),
            batchSize: PROCESS_BATCH,
          }),
          {
            pool: deps.pool,
            logger: deps.logger,
            pollIntervalMs: deps.config.PAYMENT_EVENTS_POLL_MS,
            batchSize: PROCESS_BATCH,
          },
        );
  return {
    grpc: {
      [SETTLEMENTS_SERVICE]: settlementsGrpc({ receivePaymentEvent }, deps.logger),
      ...earningsRegistration(deps.pool, defaultLivemode(deps.config), deps.logger),
    },
    stop: async () => processor?.stop(),
  };
}

export const settlementsService: ServiceSpec<typeof settlementsConfig> = {
  name: "settlements",
  config: settlementsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.SETTLEMENTS],
  build: (deps) => buildSettlements(deps),
};
