import { fileURLToPath } from "node:url";
import { appendToOutbox } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import {
  knownInstancesConsumer,
  makeGetInstanceReference,
  makeKnownInstanceRepository,
} from "@mp/known-instances";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { makeUnitOfWork, systemClock, uuidV7Ids } from "@mp/runtime";
import { makeCreateListing } from "./application/create-listing";
import { makeListOfferings } from "./application/list-offerings";
import {
  makeGetCurrentListing,
  makeListListingHistory,
  makeListListings,
  makeListVisibility,
} from "./application/listing-queries";
import { makeOfferItem } from "./application/offer-item";
import type { Clock, IdGenerator } from "./application/ports";
import { makeRecordItem } from "./application/record-item";
import { makeSetVisibility } from "./application/set-visibility";
import { makeWithdrawOffering } from "./application/withdraw-offering";
import { listingsConfig } from "./config";
import { makeIconUrlsClient } from "./infra/icon-urls.client";
import { makeKnownItemRepository } from "./infra/known-item.repository";
import { makeListingRepository } from "./infra/listing.repository";
import { makeOfferingRepository } from "./infra/offering.repository";
import { emitListingsSnapshots } from "./infra/snapshots";
import { itemSnapshotConsumer } from "./transport/item-snapshot.consumer";
import { LISTINGS_SERVICE, listingsGrpc } from "./transport/listings.grpc";

/** Builds listings from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildListings(
  deps: ModuleDeps<unknown>,
  overrides: { clock?: Clock; ids?: IdGenerator } = {},
): ServiceModule {
  const { ASSETS_GRPC_URL } = listingsConfig.parse(deps.config);
  const icons = makeIconUrlsClient(ASSETS_GRPC_URL, { identity: deps.mesh.signer, logger: deps.logger });
  const instances = makeKnownInstanceRepository(deps.pool);
  const repos = {
    instances,
    items: makeKnownItemRepository(deps.pool),
    offerings: makeOfferingRepository(deps.pool),
    listings: makeListingRepository(deps.pool),
  };
  const core = {
    ...repos,
    unitOfWork: makeUnitOfWork(deps.pool),
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidV7Ids,
  };
  return {
    grpc: {
      [LISTINGS_SERVICE]: listingsGrpc(
        {
          getInstanceReference: makeGetInstanceReference({ instances }),
          offerItem: makeOfferItem(core),
          listOfferings: makeListOfferings(core),
          withdrawOffering: makeWithdrawOffering(core),
          createListing: makeCreateListing(core),
          listListings: makeListListings({ ...core, icons }),
          getCurrentListing: makeGetCurrentListing(core),
          listListingHistory: makeListListingHistory(core),
          setVisibility: makeSetVisibility(core),
          listVisibility: makeListVisibility(core),
        },
        deps.logger,
      ),
    },
    consumers: [
      knownInstancesConsumer({ durable: "listings-instances" }),
      itemSnapshotConsumer(makeRecordItem({ ...core, emitIn: (tx) => (event) => appendToOutbox(tx, event) })),
    ],
    stop: async () => icons.close(),
  };
}

export const listingsService: ServiceSpec<typeof listingsConfig> = {
  name: "listings",
  config: listingsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.LISTINGS],
  build: (deps) => buildListings(deps),
  snapshot: emitListingsSnapshots,
};
