import { describe, expect, it } from "vitest";
import { ConfigError, envBoolean, grpcPortKey, loadConfig, port, serviceConfigSchema, z } from "./index";

describe("loadConfig", () => {
  it("applies defaults", () => {
    const config = loadConfig(serviceConfigSchema, {});
    expect(config.NATS_URL).toBe("nats://127.0.0.1:4222");
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("names every bad key at once", () => {
    const schema = serviceConfigSchema.extend({ GRPC_PORT: port, FLAG: envBoolean });
    try {
      loadConfig(schema, { DATABASE_URL: "mysql://x", GRPC_PORT: "70000", FLAG: "yes", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).issues.map((i) => i.key).sort();
      expect(keys).toEqual(["DATABASE_URL", "FLAG", "GRPC_PORT", "LOG_LEVEL"]);
      expect((error as Error).message).toContain("GRPC_PORT");
    }
  });

  it("parses booleans strictly", () => {
    const schema = z.object({ A: envBoolean, B: envBoolean });
    expect(loadConfig(schema, { A: "true", B: "0" })).toEqual({ A: true, B: false });
  });

  it("derives per-service keys", () => {
    expect(grpcPortKey("iot-adapter")).toBe("IOT_ADAPTER_GRPC_PORT");
  });
});
