import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ServiceModule, ServiceSpec } from "@mp/runtime";
import { assetsConfig } from "./config";
import { ASSETS_SERVICE, assetsGrpc } from "./transport/assets.grpc";

/** Builds the assets service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildAssets(): ServiceModule {
  return { grpc: { [ASSETS_SERVICE]: assetsGrpc() } };
}

export const assetsService: ServiceSpec<typeof assetsConfig> = {
  name: "assets",
  config: assetsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.ASSETS],
  build: () => buildAssets(),
};
