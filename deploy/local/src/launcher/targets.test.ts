import { describe, expect, it } from "vitest";
import {
  buildMode,
  commandFor,
  entryFile,
  GATEWAY_NODE_OPTIONS,
  loaderArgs,
  runnable,
  SERVICE_NODE_OPTIONS,
  SETTLEMENTS_NODE_OPTIONS,
} from "./targets";

describe("commandFor", () => {
  it("starts with the collectors on the main thread unless the runtime tuning or that tuning is off", () => {
    expect(commandFor("catalogue", {}, "/repo").args).toContain("--single-threaded-gc");
    expect(commandFor("catalogue", { RUNTIME_TUNING: "off" }, "/repo").args).not.toContain(
      "--single-threaded-gc",
    );
    expect(commandFor("gateway", { RUNTIME_TUNING_SKIP: "single-threaded-gc" }, "/repo").args).not.toContain(
      "--single-threaded-gc",
    );
  });

  it("runs a service with the services' Node options, then tsx, the runtime tuning and telemetry preloads", () => {
    const { command, args } = commandFor("catalogue", {}, "/repo");
    expect(command).toBe(process.execPath);
    expect(SERVICE_NODE_OPTIONS).toEqual(["--max-semi-space-size=16", "--max-old-space-size=256"]);
    expect(args).toEqual([
      ...SERVICE_NODE_OPTIONS,
      "--single-threaded-gc",
      "--import",
      "tsx",
      "--import",
      "/repo/packages/runtime-tuning/src/register.ts",
      "--import",
      "/repo/packages/telemetry/src/register.ts",
      "/repo/services/catalogue/src/main.ts",
    ]);
  });

  it("runs settlements with a smaller young generation still and its collectors' helpers (exports peak lower)", () => {
    expect(SETTLEMENTS_NODE_OPTIONS).toEqual(["--max-semi-space-size=1", "--max-old-space-size=256"]);
    expect(commandFor("settlements", {}, "/repo").args.slice(0, 4)).toEqual([
      ...SETTLEMENTS_NODE_OPTIONS,
      "--import",
      "tsx",
    ]);
  });

  it("caps only the gateway's young generation (its old generation keeps V8's sizing)", () => {
    const { args } = commandFor("gateway", {}, "/repo");
    expect(GATEWAY_NODE_OPTIONS).toEqual(["--max-semi-space-size=16"]);
    expect(args).toEqual([
      "--max-semi-space-size=16",
      "--single-threaded-gc",
      "--import",
      "tsx",
      "--import",
      "/repo/packages/runtime-tuning/src/register.ts",
      "--import",
      "/repo/packages/telemetry/src/register.ts",
      "/repo/gateway/src/main.ts",
    ]);
  });
});

describe("LOCAL_STACK_BUILD", () => {
  it("runs the sources through tsx by default, and refuses a value it does not know, naming it", () => {
    expect(buildMode({})).toBe("source");
    expect(buildMode({ LOCAL_STACK_BUILD: " Compiled " })).toBe("compiled");
    expect(() => buildMode({ LOCAL_STACK_BUILD: "dist" })).toThrow(/LOCAL_STACK_BUILD.*"dist"/);
  });

  it("runs the images' command when compiled: no tsx, the preloads' and the entry's bundles", () => {
    const env = { LOCAL_STACK_BUILD: "compiled" };
    expect(commandFor("catalogue", env, "/repo").args).toEqual([
      ...SERVICE_NODE_OPTIONS,
      "--single-threaded-gc",
      "--import",
      "/repo/packages/runtime-tuning/dist/register.mjs",
      "--import",
      "/repo/packages/telemetry/dist/register.mjs",
      "/repo/services/catalogue/dist/main.mjs",
    ]);
    expect(entryFile("gateway", env, "/repo")).toBe("/repo/gateway/dist/main.mjs");
    expect(runnable("deploy/local/src/simulator/main.ts", env, "/repo")).toBe(
      "/repo/deploy/local/dist/simulator/main.mjs",
    );
    expect(loaderArgs(env)).toEqual([]);
    expect(loaderArgs({})).toEqual(["--import", "tsx"]);
  });

  it("keeps a stub entry (LOCAL_STACK_ENTRY) in either mode", () => {
    const env = { LOCAL_STACK_BUILD: "compiled", LOCAL_STACK_ENTRY: "/tmp/stubs/{target}.mjs" };
    expect(entryFile("listings", env, "/repo")).toBe("/tmp/stubs/listings.mjs");
  });
});
