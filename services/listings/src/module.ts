import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { makeGetInstanceReference } from "./application/get-instance-reference";
import { makeRecordInstance } from "./application/record-instance";
import { listingsConfig } from "./config";
import { makeKnownInstanceRepository } from "./infra/known-instance.repository";
import { instanceCreatedConsumer } from "./transport/instance-created.consumer";
import { LISTINGS_SERVICE, listingsGrpc } from "./transport/listings.grpc";

/** Builds listings from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildListings(deps: ModuleDeps<unknown>): ServiceModule {
  const instances = makeKnownInstanceRepository(deps.pool);
  return {
    grpc: {
      [LISTINGS_SERVICE]: listingsGrpc(
        { getInstanceReference: makeGetInstanceReference({ instances }) },
        deps.logger,
      ),
    },
    consumers: [instanceCreatedConsumer(makeRecordInstance({ instances }))],
  };
}

export const listingsService: ServiceSpec<typeof listingsConfig> = {
  name: "listings",
  config: listingsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.LISTINGS],
  build: (deps) => buildListings(deps),
};
