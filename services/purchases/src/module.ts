import { fileURLToPath } from "node:url";
import { appendToOutbox } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import { makeS3UrlSigner } from "@mp/object-store";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { systemClock, uuidV7Ids } from "@mp/runtime";
import { makeApplyInstallStatus } from "./application/apply-install-status";
import { makeApplyPaymentUpdate } from "./application/apply-payment-update";
import { makeCreateCheckoutSession } from "./application/checkout";
import { makeCreateRollout } from "./application/create-rollout";
import { DOWNLOAD_URL_TTL_SECONDS, makeGetDownloadAccess } from "./application/get-download-access";
import { makeGetInstallRpc, makeInstall } from "./application/install";
import type { Clock, IdGenerator } from "./application/ports";
import {
  makeGetDeviceDetails,
  makeListDevices,
  makeListPurchaseReleases,
} from "./application/provider-devices";
import { makeListActivity, makeListPurchases } from "./application/purchase-queries";
import { makeRecordItem } from "./application/record-item";
import { makeRecordListing } from "./application/record-listing";
import { makeRecordRelease } from "./application/record-release";
import { makeCreateRefund } from "./application/refund";
import { makeRolloutCommands } from "./application/rollout-commands";
import { makeRolloutQueries } from "./application/rollout-queries";
import { makeRolloutScheduler } from "./application/rollout-scheduler";
import { defaultLivemode, type PurchasesConfig, purchasesConfig } from "./config";
import { cachedDeviceOwners } from "./infra/device-owner-cache";
import { makeDeviceOwnersClient } from "./infra/device-owners.client";
import { makeHeldPaymentCounter } from "./infra/held-payment-counter";
import { makeInstallRepository } from "./infra/install.repository";
import { makeKnownItemRepository } from "./infra/known-item.repository";
import { makeKnownListingRepository } from "./infra/known-listing.repository";
import { makeKnownReleaseRepository } from "./infra/known-release.repository";
import { makePurchaseRepository } from "./infra/purchase.repository";
import { makeCompletedPurchases, makeRolloutRepository } from "./infra/rollout.repository";
import { startRolloutLoop } from "./infra/rollout-loop";
import { makeStripePaymentsClient } from "./infra/stripe-payments.client";
import { makeUnmatchedCounter } from "./infra/unmatched-counter";
import { makeUnmatchedPaymentRepository } from "./infra/unmatched-payment.repository";
import { installStatusConsumer } from "./transport/install-status.consumer";
import { itemSnapshotConsumer } from "./transport/item-snapshot.consumer";
import { listingSnapshotConsumer } from "./transport/listing-snapshot.consumer";
import { paymentUpdatedConsumer } from "./transport/payment-updated.consumer";
import { PURCHASES_SERVICE, purchasesGrpc } from "./transport/purchases.grpc";
import { releaseConsumer } from "./transport/release.consumer";

/** Builds the purchases service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildPurchases(
  deps: ModuleDeps<PurchasesConfig & { NODE_ENV: string }>,
  overrides: { clock?: Clock; ids?: IdGenerator } = {},
): ServiceModule {
  const { config } = deps;
  const purchases = makePurchaseRepository(deps.pool);
  const devices = makeDeviceOwnersClient(config.IOT_ADAPTER_GRPC_URL, {
    identity: deps.mesh.signer,
    logger: deps.logger,
  });
  const stripe = makeStripePaymentsClient(config.SETTLEMENTS_GRPC_URL, {
    identity: deps.mesh.signer,
    logger: deps.logger,
  });
  const modes = { purchases, defaultLivemode: defaultLivemode(config) };
  const clock = overrides.clock ?? systemClock;
  const signer = makeS3UrlSigner(config, DOWNLOAD_URL_TTL_SECONDS, clock);
  const getDownloadAccess = makeGetDownloadAccess({
    ...modes,
    db: deps.pool,
    items: makeKnownItemRepository(),
    releases: makeKnownReleaseRepository(),
    devices,
    signer,
    clock,
  });
  // Payment matching and checkouts share one memory of device owners (get-download-access asks each time).
  const owners = cachedDeviceOwners(devices);
  const applyPaymentUpdate = makeApplyPaymentUpdate({
    listings: makeKnownListingRepository(),
    devices: owners,
    purchases,
    unmatched: makeUnmatchedPaymentRepository(deps.pool),
    unmatchedCounter: makeUnmatchedCounter(),
    heldCounter: makeHeldPaymentCounter(),
    logger: deps.logger,
    clock,
    ids: overrides.ids ?? uuidV7Ids,
    emitIn: (tx) => (events, traceContexts) => appendToOutbox(tx, events, { traceContexts }),
  });
  const installs = makeInstallRepository(deps.pool);
  const deviceDeps = { iot: devices, purchases, defaultLivemode: modes.defaultLivemode };
  const ids = overrides.ids ?? uuidV7Ids;
  const rollouts = makeRolloutRepository(deps.pool);
  const emitRolloutEvent = (
    tx: Parameters<typeof appendToOutbox>[0],
    event: Parameters<typeof appendToOutbox>[1],
  ) => appendToOutbox(tx, event);
  let loop: ReturnType<typeof startRolloutLoop> | undefined;
  const nudge = () => loop?.nudge();
  const scheduler = makeRolloutScheduler({
    pool: deps.pool,
    rollouts,
    installs,
    iot: devices,
    emit: emitRolloutEvent,
    clock,
    ids,
    logger: deps.logger,
    queueConcurrency: config.ROLLOUT_QUEUE_CONCURRENCY,
    requeueAfterMs: config.ROLLOUT_REQUEUE_AFTER_MS,
    nudge,
  });
  loop = startRolloutLoop({
    scheduler,
    logger: deps.logger,
    tickMs: config.ROLLOUT_TICK_MS,
    nudgeDelayMs: 25,
  });
  return {
    grpc: {
      [PURCHASES_SERVICE]: purchasesGrpc(
        {
          listPurchases: makeListPurchases(modes),
          listActivity: makeListActivity(modes),
          getDownloadAccess,
          listDevices: makeListDevices(deviceDeps),
          getDeviceDetails: makeGetDeviceDetails({ ...deviceDeps, installs }),
          listPurchaseReleases: makeListPurchaseReleases({
            ...deviceDeps,
            db: deps.pool,
            releases: makeKnownReleaseRepository(),
          }),
          install: makeInstall({
            ...deviceDeps,
            db: deps.pool,
            releases: makeKnownReleaseRepository(),
            items: makeKnownItemRepository(),
            installs,
            clock,
            ids: overrides.ids ?? uuidV7Ids,
          }),
          getInstallRpc: makeGetInstallRpc({ installs }),
          createCheckoutSession: makeCreateCheckoutSession({
            purchases,
            defaultLivemode: modes.defaultLivemode,
            owners,
            db: deps.pool,
            listings: makeKnownListingRepository(),
            stripe,
            clock,
            production: config.NODE_ENV === "production",
          }),
          createRefund: makeCreateRefund({ purchases, stripe }),
          createRollout: makeCreateRollout({
            pool: deps.pool,
            iot: devices,
            releases: makeKnownReleaseRepository(),
            rollouts,
            completedPurchases: makeCompletedPurchases(deps.pool),
            defaultLivemode: modes.defaultLivemode,
            clock,
            ids,
            emit: emitRolloutEvent,
            started: nudge,
          }),
          rolloutQueries: makeRolloutQueries({ rollouts }),
          rolloutCommands: makeRolloutCommands({ pool: deps.pool, rollouts, clock, started: nudge }),
        },
        deps.logger,
      ),
    },
    consumers: [
      listingSnapshotConsumer(makeRecordListing({ listings: makeKnownListingRepository() })),
      itemSnapshotConsumer(makeRecordItem({ items: makeKnownItemRepository() })),
      releaseConsumer(makeRecordRelease({ releases: makeKnownReleaseRepository() })),
      installStatusConsumer(
        makeApplyInstallStatus({
          installs,
          logger: deps.logger,
          settleRolloutDevice: scheduler.settle,
          nudgeRollout: nudge,
        }),
      ),
      paymentUpdatedConsumer(applyPaymentUpdate, {
        maxDeliver: config.PAYMENT_RETRY_MAX_DELIVER,
        backoffMs: config.PAYMENT_RETRY_BACKOFF_MS,
      }),
    ],
    stop: async () => {
      await loop?.stop();
      devices.close();
      stripe.close();
      signer.close();
    },
  };
}

export const purchasesService: ServiceSpec<typeof purchasesConfig> = {
  name: "purchases",
  config: purchasesConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.PURCHASES],
  build: (deps) => buildPurchases(deps),
};
