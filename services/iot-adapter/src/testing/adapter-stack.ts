import { type Bus, connectBus } from "@mp/bus";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { infraEnv, s3EnvOf, type TestInfra, type TestMesh } from "@mp/testing";
import { expect } from "vitest";
import { iotAdapterService } from "../module";

/**
 * An iot-adapter started in-process on the file's infra (any free port, quiet logs), calling the platform
 * at `infuse.url` with `infuse.apiKey`; `env` carries the test's tuning (timeouts, breaker, poll periods).
 */
export function startAdapter(
  infra: TestInfra,
  mesh: TestMesh,
  infuse: { url: string; apiKey: string },
  env: Record<string, string>,
): Promise<RunningService> {
  return startService(
    iotAdapterService,
    {
      ...infraEnv(infra),
      IOT_ADAPTER_GRPC_PORT: "0",
      LOG_LEVEL: "silent",
      ...s3EnvOf(infra.s3),
      INFUSE_API_URL: infuse.url,
      INFUSE_API_KEY: infuse.apiKey,
      ...env,
      ...mesh.env("iot-adapter"),
    },
    { logger: testLogger("iot-adapter") },
  );
}

/** The test's own connection to the file's bus, to read what the adapter published. */
export function probeBus(infra: TestInfra): Promise<Bus> {
  return connectBus({
    url: infra.natsUrl,
    name: "probe",
    namespace: infra.busNamespace,
    logger: testLogger(),
  });
}

/** POSTs to one of the simulator's control routes (outside the platform's paths); a refusal fails the test. */
export async function controlSimulator(
  simulator: { url: string },
  route: string,
  body?: unknown,
): Promise<void> {
  const response = await fetch(`${simulator.url}/__simulator/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}
