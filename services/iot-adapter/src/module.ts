import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import type { ServiceModule, ServiceSpec } from "@mp/runtime";
import { iotAdapterConfig } from "./config";
import { IOT_ADAPTER_SERVICE, iotadapterGrpc } from "./transport/iot-adapter.grpc";

/** Builds the iot-adapter service from its dependencies; main.ts, the launcher and the tests share it. */
export function buildIotAdapter(): ServiceModule {
  return { grpc: { [IOT_ADAPTER_SERVICE]: iotadapterGrpc() } };
}

export const iotadapterService: ServiceSpec<typeof iotAdapterConfig> = {
  name: "iot-adapter",
  config: iotAdapterConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.IOT],
  build: () => buildIotAdapter(),
};
