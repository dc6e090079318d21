import { fileURLToPath } from "node:url";
import { withTransaction } from "@mp/db";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { systemClock, uuidV7Ids } from "@mp/runtime";
import { makeAttemptDelivery } from "./application/attempt-delivery";
import { makeGetEndpoint, makeListDeliveries, makeListEndpoints } from "./application/endpoint-queries";
import { makeFanOutEvent } from "./application/fan-out-event";
import {
  makeCreateEndpoint,
  makeDeleteEndpoint,
  makeRotateSecret,
  makeUpdateEndpoint,
} from "./application/manage-endpoints";
import type { Clock, DeliveryIntake, IdGenerator, UnitOfWork, WebhookSender } from "./application/ports";
import { makeReplayDelivery } from "./application/replay-delivery";
import { DEVELOPMENT_SECRET_KEY, type WebhooksConfig, webhooksConfig, webhooksConfigIssues } from "./config";
import { parseRetrySchedule, type RetrySchedule } from "./domain/retry-schedule";
import { makeDeliveryRepository } from "./infra/delivery.repository";
import { makeEndpointRepository } from "./infra/endpoint.repository";
import { makeHttpSender } from "./infra/http-sender.adapter";
import { makeSecretBox, parseSecretKey } from "./infra/secret-box";
import { startDeliveryLoop } from "./transport/delivery.loop";
import { eventConsumers } from "./transport/events.consumers";
import { WEBHOOKS_SERVICE, webhooksGrpc } from "./transport/webhooks.grpc";

/** Builds webhooks from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildWebhooks(
  deps: ModuleDeps<WebhooksConfig & { NODE_ENV?: string }>,
  overrides: { clock?: Clock; ids?: IdGenerator; sender?: WebhookSender; workers?: boolean } = {},
): ServiceModule {
  const { config } = deps;
  const production = config.NODE_ENV === "production";
  const key = parseSecretKey(config.WEBHOOK_SECRET_KEY ?? DEVELOPMENT_SECRET_KEY) as Buffer;
  const schedule = parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE) as RetrySchedule;
  const urlRules = { httpsOnly: production, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE };
  const httpSender = makeHttpSender({
    ...urlRules,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxSockets: config.WEBHOOK_WORKER_CONCURRENCY,
  });
  const unitOfWork: UnitOfWork = { run: (work) => withTransaction(deps.pool, work) };
  const core = {
    pool: deps.pool,
    endpoints: makeEndpointRepository(deps.pool),
    deliveries: makeDeliveryRepository(deps.pool),
    secrets: makeSecretBox(key),
    unitOfWork,
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidV7Ids,
    urlRules,
  };
  const attempt = makeAttemptDelivery({
    ...core,
    sender: overrides.sender ?? httpSender,
    schedule,
    logger: deps.logger,
  });
  const loop =
    overrides.workers === false
      ? undefined
      : startDeliveryLoop({
          pool: deps.pool,
          deliveries: core.deliveries,
          attempt,
          clock: core.clock,
          logger: deps.logger,
          concurrency: config.WEBHOOK_WORKER_CONCURRENCY,
          perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
          perFailingEndpoint: Math.min(
            config.WEBHOOK_FAILING_ENDPOINT_CONCURRENCY,
            config.WEBHOOK_ENDPOINT_CONCURRENCY,
          ),
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          pollMs: config.WEBHOOK_POLL_MS,
        });
  // Without workers (tests that drive attempts themselves) new deliveries are only stored, due for a claim.
  const intake: DeliveryIntake = loop ?? {
    add: async (tx, fresh) => (await core.deliveries.enqueue(tx, fresh)).length,
  };
  return {
    grpc: {
      [WEBHOOKS_SERVICE]: webhooksGrpc(
        {
          createEndpoint: makeCreateEndpoint(core),
          listEndpoints: makeListEndpoints(core),
          getEndpoint: makeGetEndpoint(core),
          updateEndpoint: makeUpdateEndpoint(core),
          deleteEndpoint: makeDeleteEndpoint(core),
          rotateSecret: makeRotateSecret(core),
          listDeliveries: makeListDeliveries(core),
          replayDelivery: makeReplayDelivery(core),
        },
        deps.logger,
      ),
    },
    consumers: eventConsumers(makeFanOutEvent({ ...core, intake })),
    stop: async () => {
      await loop?.stop();
      httpSender.close();
    },
  };
}

export const webhooksService: ServiceSpec<typeof webhooksConfig> = {
  name: "webhooks",
  config: webhooksConfig,
  configIssues: webhooksConfigIssues,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  // WEBHOOKS (`webhooks.>`) is its stream, but it publishes nothing yet: not created, no storage reserved.
  streams: [],
  build: (deps) => buildWebhooks(deps),
};
