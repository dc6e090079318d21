import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ServiceModule, ServiceSpec } from "@mp/runtime";
import { purchasesConfig } from "./config";
import { PURCHASES_SERVICE, purchasesGrpc } from "./transport/purchases.grpc";

/** Builds the purchases service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildPurchases(): ServiceModule {
  return { grpc: { [PURCHASES_SERVICE]: purchasesGrpc() } };
}

export const purchasesService: ServiceSpec<typeof purchasesConfig> = {
  name: "purchases",
  config: purchasesConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.PURCHASES],
  build: () => buildPurchases(),
};
