import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import { createPool } from "@mp/db";
import {
  type ModuleDeps,
  makeUnitOfWork,
  type ServiceModule,
  type ServiceSpec,
  systemClock,
  uuidV7Ids,
} from "@mp/runtime";
import { makeCopyReleaseBinary } from "./application/copy-release-binary";
import { makeGetDevice, makeListDevices } from "./application/devices";
import { makeGetApplication } from "./application/get-application";
import { makeGetDeviceOwner } from "./application/get-device-owner";
import { makeGetRelease } from "./application/get-release";
import { makeListApplications } from "./application/list-applications";
import { makeListReleases } from "./application/list-releases";
import { makePollInstalls, makePollPause } from "./application/poll-installs";
import type { Clock, DevicePlatform, IdGenerator, IotPlatform, ObjectStore } from "./application/ports";
import { makeQueueInstall } from "./application/queue-install";
import { makeRunCopyJob } from "./application/run-copy-job";
import { iotAdapterConfig } from "./config";
import { makeCopyJobRepository } from "./infra/copy-job.repository";
import { startCopyWorker } from "./infra/copy-worker";
import { makeDevicePlatform } from "./infra/device-platform.adapter";
import { BusiestSecond } from "./infra/infuse/busiest-second";
import { InfuseClient } from "./infra/infuse/infuse.client";
import { PlatformThrottle } from "./infra/infuse/platform-throttle";
import { makePgTokenBucket } from "./infra/infuse/platform-token-bucket";
import { makeThrottleMetrics, observeBusiestSecond } from "./infra/infuse/throttle-metrics";
import { makeInfusePlatform } from "./infra/infuse-platform.adapter";
import { startInstallPoller } from "./infra/install-poller";
import { makeInstallUpdateRepository } from "./infra/install-update.repository";
import { createS3Client, makeS3ObjectStore } from "./infra/s3-object-store";
import { IOT_ADAPTER_SERVICE, iotadapterGrpc } from "./transport/iot-adapter.grpc";

type IotAdapterConfig = ReturnType<typeof iotAdapterConfig.parse>;

/**
 * Delay before a copy job's next attempt (stored with the job, so a restart keeps it): exponential from
 * 1 s, capped at 1 min, with a random half so jobs that failed together do not come back together.
 */
const copyRetryDelay = (attempts: number) => {
  const ceiling = Math.min(60_000, 1_000 * 2 ** Math.max(0, attempts - 1));
  return Math.floor(ceiling / 2 + (Math.random() * ceiling) / 2);
};

/** Builds the iot-adapter service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildIotAdapter(
  deps: ModuleDeps<IotAdapterConfig>,
  overrides: {
    clock?: Clock;
    ids?: IdGenerator;
    platform?: IotPlatform;
    devicePlatform?: DevicePlatform;
    store?: ObjectStore;
  } = {},
): ServiceModule {
  const { config, logger, pool } = deps;
  const upstreamLogger = logger.child({ upstream: "infuse-iot" });
  // The budget's own two connections: a grant never waits behind work that holds the service pool's
  // connections while it waits for a grant (a QueueInstall's transaction around the update write).
  const budgetPool = createPool({
    url: String(pool.options.connectionString),
    schema: "iot_adapter",
    applicationName: "iot-adapter-budget",
    max: 2,
  });
  const busiest = new BusiestSecond();
  observeBusiestSecond(busiest);
  const throttle = new PlatformThrottle(
    makePgTokenBucket(budgetPool, {
      rps: config.INFUSE_MAX_RPS,
      fallbackRps: config.INFUSE_FALLBACK_RPS ?? Math.max(1, Math.floor(config.INFUSE_MAX_RPS / 2)),
      logger: upstreamLogger,
      onGrant: (grantedAtMs) => busiest.record(grantedAtMs),
    }),
    { maxWaitMs: config.INFUSE_RATE_MAX_WAIT_MS, logger: upstreamLogger, metrics: makeThrottleMetrics() },
  );
  const client = new InfuseClient({
    baseUrl: config.INFUSE_API_URL,
    apiKey: config.INFUSE_API_KEY,
    logger: upstreamLogger,
    throttle,
    timeoutMs: config.INFUSE_TIMEOUT_MS,
    downloadTimeoutMs: config.INFUSE_DOWNLOAD_TIMEOUT_MS,
    breaker: {
      failureThreshold: config.INFUSE_BREAKER_THRESHOLD,
      resetAfterMs: config.INFUSE_BREAKER_RESET_MS,
    },
  });
  const platform = overrides.platform ?? makeInfusePlatform(client);
  const s3 = createS3Client(config);
  const store = overrides.store ?? makeS3ObjectStore(s3, config.S3_BUCKET);
  const jobs = makeCopyJobRepository(pool);
  const clock = overrides.clock ?? systemClock;
  const unitOfWork = makeUnitOfWork(pool);

  const worker = startCopyWorker({
    jobs,
    logger,
    pollMs: config.COPY_POLL_MS,
    leaseMs: config.INFUSE_DOWNLOAD_TIMEOUT_MS + 60_000,
    runCopyJob: makeRunCopyJob({
      platform,
      store,
      jobs,
      unitOfWork,
      clock,
      logger,
      retry: { maxAttempts: config.COPY_MAX_ATTEMPTS, delayMs: copyRetryDelay },
    }),
  });

  const devicePlatform = overrides.devicePlatform ?? makeDevicePlatform(client);
  const installs = makeInstallUpdateRepository(pool);
  const installPoll = { pollMs: config.INSTALL_POLL_MS, batch: config.INSTALL_POLL_BATCH };
  const poller = startInstallPoller({
    logger,
    ...installPoll,
    pauseMs: makePollPause({ installs, pollMs: config.INSTALL_POLL_MS, chunk: config.INSTALL_POLL_CHUNK }),
    pollInstalls: makePollInstalls({
      platform: devicePlatform,
      installs,
      unitOfWork,
      clock,
      logger,
      ...installPoll,
      chunk: config.INSTALL_POLL_CHUNK,
    }),
  });
  const getDevice = makeGetDevice({ platform: devicePlatform });

  const getRelease = makeGetRelease({ platform });
  const useCases = {
    listApplications: makeListApplications({ platform }),
    getApplication: makeGetApplication({ platform }),
    getDeviceOwner: makeGetDeviceOwner({ platform }),
    listDevices: makeListDevices({ platform: devicePlatform }),
    getDevice,
    queueInstall: makeQueueInstall({
      getDevice,
      platform: devicePlatform,
      installs,
      unitOfWork,
      clock,
      pollMs: config.INSTALL_POLL_MS,
    }),
    listReleases: makeListReleases({ platform }),
    getRelease,
    copyReleaseBinary: makeCopyReleaseBinary({
      getRelease,
      jobs,
      clock,
      ids: overrides.ids ?? uuidV7Ids,
      wake: () => worker.wake(),
    }),
  };
  return {
    grpc: { [IOT_ADAPTER_SERVICE]: iotadapterGrpc(useCases, logger) },
    stop: async () => {
      await Promise.all([worker.stop(), poller.stop()]);
      await budgetPool.end();
      s3.destroy();
    },
  };
}

export const iotAdapterService: ServiceSpec<typeof iotAdapterConfig> = {
  name: "iot-adapter",
  config: iotAdapterConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.IOT],
  build: (deps) => buildIotAdapter(deps),
};

/** The name the scaffold exported; kept so existing imports keep working. */
export const iotadapterService = iotAdapterService;
