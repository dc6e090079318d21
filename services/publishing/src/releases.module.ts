import type { ServiceRegistration } from "@mp/grpc";
import type { ModuleDeps, RegisteredConsumer } from "@mp/runtime";
import { makeUnitOfWork, systemClock, uuidV7Ids } from "@mp/runtime";
import { makeListIotReleaseApplications } from "./application/list-iot-release-applications";
import { makeListIotReleases } from "./application/list-iot-releases";
import { makeListItemReleases } from "./application/list-item-releases";
import {
  makeRecordReleaseCopyFailed,
  makeRecordReleaseStored,
} from "./application/record-release-copy-outcome";
import type { ReleaseClock, ReleaseIds } from "./application/release-ports";
import { makeRetryReleaseCopies } from "./application/retry-release-copies";
import { makeSelectRelease } from "./application/select-release";
import { publishingConfig } from "./config";
import { type IotAdapterClient, releaseIotAdapter } from "./infra/iot-adapter.client";
import { makeItemReleaseRepository } from "./infra/item-release.repository";
import { makeReleaseItemReader } from "./infra/release-item.repository";
import { startReleaseCopyRetryLoop } from "./transport/release-copy-retry.loop";
import { releaseCopyFailedConsumer, releaseStoredConsumer } from "./transport/release-outcome.consumer";
import { releasesGrpc } from "./transport/releases.grpc";

const releasesConfig = publishingConfig.pick({ RELEASE_COPY_RETRY_INTERVAL_MS: true });

/**
 * The releases part of publishing (IoT applications and releases, item releases), built apart from the
 * items part so module.ts only mounts it: its gRPC service, its two consumers, and the copy retry loop
 * stopped with the module.
 */
export function buildReleases(
  deps: ModuleDeps<unknown> & { iotAdapter: IotAdapterClient },
  overrides: { clock?: ReleaseClock; ids?: ReleaseIds } = {},
): { grpc: ServiceRegistration; consumers: RegisteredConsumer[]; stop: () => Promise<void> } {
  const config = releasesConfig.parse(deps.config);
  const iot = releaseIotAdapter(deps.iotAdapter);
  const items = makeReleaseItemReader(deps.pool);
  const releases = makeItemReleaseRepository(deps.pool);
  const unitOfWork = makeUnitOfWork(deps.pool);
  const clock = overrides.clock ?? systemClock;
  const outcome = { releases, items, clock, logger: deps.logger };
  const loop = startReleaseCopyRetryLoop(
    makeRetryReleaseCopies({ releases, items, iot, unitOfWork, clock, logger: deps.logger }),
    { intervalMs: config.RELEASE_COPY_RETRY_INTERVAL_MS, logger: deps.logger },
  );
  return {
    grpc: releasesGrpc(
      {
        listIotApplications: makeListIotReleaseApplications({ iot, items }),
        listIotReleases: makeListIotReleases({ iot }),
        selectRelease: makeSelectRelease({
          items,
          releases,
          iot,
          unitOfWork,
          clock,
          ids: overrides.ids ?? uuidV7Ids,
        }),
        listItemReleases: makeListItemReleases({ items, releases }),
      },
      deps.logger,
    ),
    consumers: [
      releaseStoredConsumer(makeRecordReleaseStored(outcome)),
      releaseCopyFailedConsumer(makeRecordReleaseCopyFailed(outcome)),
    ],
    async stop() {
      await loop.stop();
    },
  };
}
