import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import {
  knownInstancesConsumer,
  makeGetInstanceReference,
  makeKnownInstanceRepository,
} from "@mp/known-instances";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { publishingConfig } from "./config";
import { createIotAdapterClient } from "./infra/iot-adapter.client";
import { emitPublishingSnapshots } from "./infra/snapshots";
import { buildItems } from "./items.module";
import { buildReleases } from "./releases.module";
import { PUBLISHING_SERVICE, publishingGrpc } from "./transport/publishing.grpc";
import { PUBLISHING_RELEASES_SERVICE } from "./transport/releases.grpc";

/** Builds publishing from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildPublishing(deps: ModuleDeps<unknown>): ServiceModule {
  const instances = makeKnownInstanceRepository(deps.pool);
  const { IOT_ADAPTER_GRPC_URL } = publishingConfig.pick({ IOT_ADAPTER_GRPC_URL: true }).parse(deps.config);
  const iotAdapter = createIotAdapterClient(IOT_ADAPTER_GRPC_URL, {
    identity: deps.mesh.signer,
    logger: deps.logger,
  });
  const releases = buildReleases({ ...deps, iotAdapter });
  const items = buildItems({ ...deps, iotAdapter });
  return {
    grpc: {
      [PUBLISHING_SERVICE]: publishingGrpc(
        { getInstanceReference: makeGetInstanceReference({ instances }), ...items.useCases },
        deps.logger,
      ),
      [PUBLISHING_RELEASES_SERVICE]: releases.grpc,
    },
    consumers: [
      knownInstancesConsumer({ durable: "publishing-instances", concurrency: 2 }),
      ...releases.consumers,
    ],
    stop: async () => {
      await releases.stop();
      items.stop();
      iotAdapter.close();
    },
  };
}

export const publishingService: ServiceSpec<typeof publishingConfig> = {
  name: "publishing",
  config: publishingConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.PUBLISHING],
  build: (deps) => buildPublishing(deps),
  snapshot: emitPublishingSnapshots,
};
