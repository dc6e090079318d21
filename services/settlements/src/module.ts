import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ServiceModule, ServiceSpec } from "@mp/runtime";
import { settlementsConfig } from "./config";
import { SETTLEMENTS_SERVICE, settlementsGrpc } from "./transport/settlements.grpc";

/** Builds the settlements service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildSettlements(): ServiceModule {
  return { grpc: { [SETTLEMENTS_SERVICE]: settlementsGrpc() } };
}

export const settlementsService: ServiceSpec<typeof settlementsConfig> = {
  name: "settlements",
  config: settlementsConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.SETTLEMENTS],
  build: () => buildSettlements(),
};
