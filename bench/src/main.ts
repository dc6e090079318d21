import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { killChildren } from "@mp/local/proc";
import { httpPool } from "./load/http";
import { loadAverage, machineInfo } from "./machine";
import { QUIET_WAIT_MS, waitForQuietStack } from "./quiet-stack";
import { APPENDIX_MARKER, renderReport, type ScenarioRecord } from "./report";
import type { BenchContext } from "./scenario";
import { SCENARIOS } from "./scenarios/registry";
import { type StackUnderTest, stackUnderTest } from "./stack";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/**
 * `pnpm bench`: start (or attach to) a stack, run every scenario, rewrite docs/benchmarks.md. A scenario
 * that fails is reported as failed and the others still run; a missed goal is a figure, not an error. The
 * exit code is non-zero only when the run itself could not be done (the stack did not start).
 */
async function main(): Promise<number> {
  const env = process.env;
  const quick = env.BENCH_QUICK === "1";
  const only = env.BENCH_ONLY?.split(",").map((id) => id.trim().toUpperCase());
  const output = env.BENCH_OUTPUT ?? join(REPO_ROOT, "docs/benchmarks.md");
  const startedAt = new Date();
  // Taken before anything runs: the commit measured, and whether tracked files differed from it.
  const machine = machineInfo();
  const durations = quick
    ? { closedLoopSeconds: 5, openLoopMs: 8_000, warmupMs: 2_000 }
    : { closedLoopSeconds: 20, openLoopMs: 30_000, warmupMs: 5_000 };

  let stack: StackUnderTest | undefined;
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    log("interrupted: stopping the stack");
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  // Last resort: whatever way this process ends, no process of the stack it started outlives it.
  process.on("exit", () => killChildren());
  process.on("uncaughtException", (error) => {
    log(`crashed: ${error.stack ?? error.message}`);
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  });

  log(`machine load average ${loadAverage()}; starting the stack ...`);
  const stackLog = (line: string) => {
    if (env.BENCH_VERBOSE === "1" || /"level":"(error|fatal)"|exited|did not|crash/.test(line)) log(line);
  };
  try {
    stack = await stackUnderTest(env, stackLog);
  } catch (error) {
    log(`the stack did not start: ${(error as Error).message}`);
    return 1;
  }
  const gateway = httpPool(stack.gatewayUrl);
  const ctx: BenchContext = {
    gatewayUrl: stack.gatewayUrl,
    gateway,
    tokens: stack.tokens,
    databaseUrl: stack.databaseUrl,
    natsUrl: stack.natsUrl,
    stripeWebhookSecret: stack.stripeWebhookSecret,
    stripeApiBase: stack.stripeApiBase,
    reconcileIntervalSeconds: stack.reconcileIntervalSeconds,
    quick,
    durations,
    log,
    startStack: env.BENCH_GATEWAY_URL ? undefined : (overrides) => stackUnderTest(env, stackLog, overrides),
  };
  const records: ScenarioRecord[] = [];
  try {
    for (const scenario of SCENARIOS) {
      if (only && !only.includes(scenario.id)) continue;
      if (interrupted) break;
      // The previous scenario's queued work (events, purchases still being made) must not share the machine.
      const quiet = await waitForQuietStack(ctx.natsUrl, ctx.databaseUrl, QUIET_WAIT_MS);
      const loadBefore = loadAverage();
      const started = performance.now();
      log(`scenario ${scenario.id}: ${scenario.title} (load ${loadBefore})`);
      let outcome: ScenarioRecord["outcome"];
      try {
        outcome = await scenario.run(ctx);
      } catch (error) {
        outcome = { status: "failed", error: (error as Error).message };
      }
      const record = {
        scenario,
        outcome,
        quiet,
        loadBefore,
        loadAfter: loadAverage(),
        seconds: (performance.now() - started) / 1000,
      };
      records.push(record);
      log(`scenario ${scenario.id}: ${summary(record)}`);
    }
  } finally {
    await gateway.close();
    log("stopping the stack ...");
    await stack.stop();
  }
  const appendix = await previousAppendix(output);
  const report = renderReport({
    startedAt,
    machine,
    quick,
    stack: stack.description,
    durations,
    scenarios: records,
    appendix,
  });
  await writeFile(output, report);
  log(`wrote ${output}`);
  return 0;
}

function summary(record: ScenarioRecord): string {
  const { outcome } = record;
  if (outcome.status === "not-run") return `not run: ${outcome.reason}`;
  if (outcome.status === "failed") return `failed: ${outcome.error}`;
  return outcome.figures
    .map(
      (f) =>
        `${f.name} ${f.value.toFixed(f.value < 1 ? 2 : 1)} ${f.unit}${f.baseline ? ` (baseline ${f.baseline.value.toFixed(f.baseline.value < 1 ? 2 : 1)})` : ""}${f.goal ? ` [${f.goal.met ? "met" : "missed"}]` : ""}`,
    )
    .join("; ");
}

/** The hand-written part of the current file (profile findings), carried over to the new one. */
async function previousAppendix(path: string): Promise<string> {
  const current = await readFile(path, "utf8").catch(() => "");
  const at = current.indexOf(APPENDIX_MARKER);
  return at === -1 ? "" : current.slice(at + APPENDIX_MARKER.length);
}

process.exitCode = await main().catch((error: unknown) => {
  log(`crashed: ${(error as Error).stack ?? String(error)}`);
  return 1;
});
