import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ModuleDeps, ServiceModule, ServiceSpec } from "@mp/runtime";
import { makeGetInstanceReference } from "./application/get-instance-reference";
import { makeRecordInstance } from "./application/record-instance";
import { publishingConfig } from "./config";
import { makeKnownInstanceRepository } from "./infra/known-instance.repository";
import { instanceCreatedConsumer } from "./transport/instance-created.consumer";
import { PUBLISHING_SERVICE, publishingGrpc } from "./transport/publishing.grpc";
import { PUBLISHING_RELEASES_SERVICE, releasesGrpc } from "./transport/releases.grpc";

/** Builds publishing from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildPublishing(deps: ModuleDeps<unknown>): ServiceModule {
  const instances = makeKnownInstanceRepository(deps.pool);
  return {
    grpc: {
      [PUBLISHING_SERVICE]: publishingGrpc(
        { getInstanceReference: makeGetInstanceReference({ instances }) },
        deps.logger,
      ),
      [PUBLISHING_RELEASES_SERVICE]: releasesGrpc(),
    },
    consumers: [instanceCreatedConsumer(makeRecordInstance({ instances }))],
  };
}

export const publishingService: ServiceSpec<typeof publishingConfig> = {
  name: "publishing",
  config: publishingConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.PUBLISHING],
  build: (deps) => buildPublishing(deps),
};
