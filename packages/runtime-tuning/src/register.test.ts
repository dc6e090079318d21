import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runtimeTuningSkips, runtimeTuningSwitch, TUNINGS } from "./switch";

const REGISTER = fileURLToPath(new URL("./register.ts", import.meta.url));
const PROBE = fileURLToPath(new URL("./testing/register-probe.ts", import.meta.url));

/**
 * A probe is a whole Node process (tsx compiling the preload, then about 1 s of CPU allocating); CI runs
 * the unit tests at load averages of 10-20, where that CPU second alone can take tens of seconds of wall
 * time. The tests assert what the probe prints, never how fast: this only stops a probe that hangs.
 */
const PROBE_TIMEOUT_MS = 180_000;

/** The probe with the preload, V8's pretenuring decisions traced: its JSON line and the decisions V8 made. */
async function probe(runtimeTuning: string, skip = "") {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--trace-pretenuring-statistics", "--import", "tsx", "--import", REGISTER, PROBE],
    { env: { ...process.env, RUNTIME_TUNING: runtimeTuning, RUNTIME_TUNING_SKIP: skip, LOG_LEVEL: "warn" } },
  );
  const lines = stdout.trim().split("\n");
  return {
    found: JSON.parse(lines.at(-1) ?? "{}") as Record<string, string>,
    tenured: lines.filter((line) => /pretenuring: AllocationSite.*=> tenure$/.test(line)).length,
    logged: lines.filter((line) => line.startsWith('{"level"')),
  };
}

describe("the runtime tuning preload", () => {
  it(
    "with RUNTIME_TUNING=on, releases HTTP/2 streams, stops V8's pretenuring and leaves no global gc",
    async () => {
      const { found, tenured, logged } = await probe("on");
      expect(found).toMatchObject({
        connect: "connectReleasing",
        createServer: "createReleasing",
        createSecureServer: "createReleasing",
        globalGc: "undefined",
      });
      expect(tenured).toBe(0);
      // Nothing to warn about: grpc-js's transports were found.
      expect(logged).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "with RUNTIME_TUNING=off, leaves Node and V8 as they are (V8 pretenures the probe's sites)",
    async () => {
      const { found, tenured } = await probe("off");
      expect(found).toMatchObject({
        connect: "connect",
        createServer: "createServer",
        createSecureServer: "createSecureServer",
      });
      expect(tenured).toBeGreaterThan(0);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "with RUNTIME_TUNING_SKIP=pretenuring, releases HTTP/2 streams but leaves V8's pretenuring on",
    async () => {
      const { found, tenured } = await probe("on", "pretenuring");
      expect(found).toMatchObject({ connect: "connectReleasing", createServer: "createReleasing" });
      expect(tenured).toBeGreaterThan(0);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "with RUNTIME_TUNING_SKIP=http2-release,heap-trim, stops pretenuring but leaves http2 as it is",
    async () => {
      const { found, tenured } = await probe("on", " http2-release, HEAP-TRIM ");
      expect(found).toMatchObject({ connect: "connect", createServer: "createServer" });
      expect(tenured).toBe(0);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "refuses a tuning name it does not know, naming the key",
    async () => {
      await expect(probe("on", "pretenure")).rejects.toThrow(/RUNTIME_TUNING_SKIP names "pretenure"/);
      await expect(probe("off", "pretenure")).rejects.toThrow(/RUNTIME_TUNING_SKIP/);
    },
    PROBE_TIMEOUT_MS,
  );

  it(
    "refuses a value that is neither on nor off, so the process does not start",
    async () => {
      await expect(probe("of")).rejects.toThrow(/RUNTIME_TUNING must be "on" or "off", not "of"/);
    },
    PROBE_TIMEOUT_MS,
  );
});

describe("runtimeTuningSwitch", () => {
  it("is on unless RUNTIME_TUNING says off", () => {
    expect(runtimeTuningSwitch({})).toBe("on");
    expect(runtimeTuningSwitch({ RUNTIME_TUNING: "" })).toBe("on");
    expect(runtimeTuningSwitch({ RUNTIME_TUNING: "on" })).toBe("on");
    expect(runtimeTuningSwitch({ RUNTIME_TUNING: " OFF " })).toBe("off");
    expect(() => runtimeTuningSwitch({ RUNTIME_TUNING: "false" })).toThrow(/RUNTIME_TUNING/);
  });
});

describe("runtimeTuningSkips", () => {
  it("reads a comma-separated list of known tunings, nothing by default or with none", () => {
    expect([...runtimeTuningSkips({})]).toEqual([]);
    expect([...runtimeTuningSkips({ RUNTIME_TUNING_SKIP: " " })]).toEqual([]);
    expect([...runtimeTuningSkips({ RUNTIME_TUNING_SKIP: " None " })]).toEqual([]);
    expect([...runtimeTuningSkips({ RUNTIME_TUNING_SKIP: TUNINGS.join(",") })]).toEqual([...TUNINGS]);
    expect([...runtimeTuningSkips({ RUNTIME_TUNING_SKIP: "Call-Tables, ,heap-trim" })]).toEqual([
      "call-tables",
      "heap-trim",
    ]);
    expect(() => runtimeTuningSkips({ RUNTIME_TUNING_SKIP: "call-tables,gc" })).toThrow(
      /RUNTIME_TUNING_SKIP names "gc".*known: http2-release, call-tables, pretenuring, heap-trim, single-threaded-gc, or none/,
    );
  });
});
