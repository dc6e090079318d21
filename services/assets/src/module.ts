import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import {
  type ModuleDeps,
  makeUnitOfWork,
  type ServiceModule,
  type ServiceSpec,
  systemClock,
  uuidV7Ids,
} from "@mp/runtime";
import type { z } from "zod";
import { makeCreateUploadSession } from "./application/create-upload-session";
import { makeFinaliseAsset } from "./application/finalise-asset";
import { makeGetAsset, makeGetAssets } from "./application/get-asset";
import type { Clock, IdGenerator, ObjectStore } from "./application/ports";
import { assetsConfig } from "./config";
import { makeAssetRepository } from "./infra/asset.repository";
import { makeS3ObjectStore } from "./infra/s3-object-store";
import { ASSETS_SERVICE, assetsGrpc } from "./transport/assets.grpc";

/** Builds the assets service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildAssets(
  deps: ModuleDeps<z.output<typeof assetsConfig>>,
  overrides: { clock?: Clock; ids?: IdGenerator; objects?: ObjectStore & { close(): void } } = {},
): ServiceModule {
  const assets = makeAssetRepository(deps.pool);
  const objects = overrides.objects ?? makeS3ObjectStore(deps.config);
  const unitOfWork = makeUnitOfWork(deps.pool);
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? uuidV7Ids;
  const useCases = {
    createUploadSession: makeCreateUploadSession({ assets, objects, unitOfWork, clock, ids }),
    finaliseAsset: makeFinaliseAsset({ assets, objects, unitOfWork, clock, ids }),
    getAsset: makeGetAsset({ assets, objects, clock }),
    getAssets: makeGetAssets({ assets, objects, clock }),
  };
  return {
    grpc: { [ASSETS_SERVICE]: assetsGrpc(useCases, deps.logger) },
    stop: async () => objects.close(),
  };
}

export const assetsService: ServiceSpec<typeof assetsConfig> = {
  name: "assets",
  config: assetsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.ASSETS],
  build: (deps) => buildAssets(deps),
};
