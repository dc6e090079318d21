import { type Bus, connectBus } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { infraEnv, type TestInfra, type TestMesh } from "@mp/testing";
import { publishingService } from "../module";

/** Two developer organisations and the instances the integration tests work in. */
export const ORG_A = "0193a1b2-0000-7000-8000-00000000000a";
export const ORG_B = "0193a1b2-0000-7000-8000-00000000000b";
export const INSTANCE = "0193a1b2-0000-7000-8000-0000000000e1";
export const INSTANCE_2 = "0193a1b2-0000-7000-8000-0000000000e2";

export const developer = (organisationId: string): Principal => ({
  subject: `dev-${organisationId.slice(-1)}`,
  organisationId,
  roles: ["developer"],
  via: "jwt",
});

/** The outgoing call context of a developer of `organisationId`. */
export const callerOf = (organisationId: string, requestId = "r-test") => ({
  principal: developer(organisationId),
  requestId,
});

export interface PublishingUnderTest {
  publishing: RunningService;
  /** A bus connection in the test's namespace, to read or publish events. */
  bus: Bus;
  stop(): Promise<void>;
}

/**
 * The real publishing service on the test's database and bus namespace and in the test's mesh, dialling
 * gRPC doubles of its upstreams (host:port; the assets double defaults to none), with `instances` already
 * learned (as if their catalogue events had been consumed).
 */
export async function startPublishing(
  infra: TestInfra,
  options: {
    mesh: TestMesh;
    iotAdapter: string;
    assets?: string;
    instances: string[];
    env?: Record<string, string>;
  },
): Promise<PublishingUnderTest> {
  const publishing = await startService(
    publishingService,
    {
      ...infraEnv(infra),
      PUBLISHING_GRPC_PORT: "0",
      IOT_ADAPTER_GRPC_URL: options.iotAdapter,
      ASSETS_GRPC_URL: options.assets ?? "127.0.0.1:1",
      LOG_LEVEL: "silent",
      ...options.mesh.env("publishing"),
      ...options.env,
    },
    { logger: testLogger("publishing") },
  );
  const bus = await connectBus({
    url: infra.natsUrl,
    name: "probe",
    namespace: infra.busNamespace,
    logger: testLogger(),
  });
  for (const id of options.instances) {
    await publishing.pool.query(
      `INSERT INTO known_instances (id, owner_organisation_id, default_currency, platform_fee_bps, created_at)
       VALUES ($1, $2, 'EUR', 1000, now())`,
      [id, ORG_A],
    );
  }
  return {
    publishing,
    bus,
    stop: async () => {
      await bus.close();
      await publishing.stop();
    },
  };
}
