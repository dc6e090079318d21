import { ConfigError, s3Env, z } from "@mp/config";
import { testLogger } from "@mp/logger";
import { describe, expect, it, vi } from "vitest";
import { schemaOf, startService } from "./service";

describe("startService", () => {
  it("refuses to boot on bad configuration, naming every bad key, before touching anything", async () => {
    const build = vi.fn();
    const spec = {
      name: "iot-adapter" as const,
      config: z.object({ ...s3Env, INFUSE_API_URL: z.url() }),
      migrationsDir: "/nonexistent",
      streams: [],
      build,
    };
    const error = await startService(
      spec,
      { IOT_ADAPTER_GRPC_PORT: "99999", S3_ENDPOINT: "not a url" },
      {
        logger: testLogger(),
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.key).sort()).toEqual([
      "INFUSE_API_URL",
      "IOT_ADAPTER_GRPC_PORT",
      "MESH_JWKS",
      "MESH_PRIVATE_KEY",
      "S3_ACCESS_KEY_ID",
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_SECRET_ACCESS_KEY",
    ]);
    expect(build).not.toHaveBeenCalled();
  });

  it("names schemas after services", () => {
    expect(schemaOf("iot-adapter")).toBe("iot_adapter");
    expect(schemaOf("catalogue")).toBe("catalogue");
  });
});
