import { describe, expect, it } from "vitest";
import {
  commandFor,
  GATEWAY_NODE_OPTIONS,
  SERVICE_NODE_OPTIONS,
  SETTLEMENTS_NODE_OPTIONS,
  V8_FLAGS,
} from "./targets";

describe("commandFor", () => {
  it("runs a service with the services' Node options and the V8 flags before tsx and the telemetry preload", () => {
    const { command, args } = commandFor("catalogue", {}, "/repo");
    expect(command).toBe(process.execPath);
    expect(SERVICE_NODE_OPTIONS).toEqual([
      "--max-semi-space-size=16",
      "--max-old-space-size=256",
      "--expose-gc",
    ]);
    expect(V8_FLAGS).toEqual(["--no-allocation-site-pretenuring"]);
    expect(args).toEqual([
      ...SERVICE_NODE_OPTIONS,
      "--no-allocation-site-pretenuring",
      "--import",
      "tsx",
      "--import",
      "/repo/packages/telemetry/src/register.ts",
      "/repo/services/catalogue/src/main.ts",
    ]);
  });

  it("runs settlements with a smaller young generation still (its exports' buffers are freed sooner)", () => {
    expect(SETTLEMENTS_NODE_OPTIONS).toEqual([
      "--max-semi-space-size=1",
      "--max-old-space-size=256",
      "--expose-gc",
    ]);
    expect(commandFor("settlements", {}, "/repo").args.slice(0, 3)).toEqual([...SETTLEMENTS_NODE_OPTIONS]);
  });

  it("caps only the gateway's young generation (its old generation keeps V8's sizing)", () => {
    const { args } = commandFor("gateway", {}, "/repo");
    expect(GATEWAY_NODE_OPTIONS).toEqual(["--max-semi-space-size=16"]);
    expect(args).toEqual([
      "--max-semi-space-size=16",
      "--no-allocation-site-pretenuring",
      "--import",
      "tsx",
      "--import",
      "/repo/packages/telemetry/src/register.ts",
      "/repo/gateway/src/main.ts",
    ]);
  });
});
