import type { Pool } from "undici";
import type { StackUnderTest } from "./stack";

/** What every scenario is handed: the stack under test, credentials, and the run's durations. */
export interface BenchContext {
  gatewayUrl: string;
  /** The HTTP pool to the gateway (keep-alive), shared by the scenarios. */
  gateway: Pool;
  /** Bearer tokens of the demo organisations, by role. */
  tokens: { admin: string; developer: string; provider: string; customer?: string };
  /** The stack's PostgreSQL (every service's schema) and NATS, for baselines and observing effects. */
  databaseUrl: string;
  natsUrl: string;
  /** The secret settlements verifies `Stripe-Signature` with ("" when the stack did not say). */
  stripeWebhookSecret: string;
  /** The Stripe stand-in settlements calls (undefined: the stack talks to another server or Stripe). */
  stripeApiBase: string | undefined;
  /** Settlements' reconciliation interval on this stack, seconds. */
  reconcileIntervalSeconds: number;
  /** BENCH_QUICK=1: short phases, to try the suite out; figures are indicative only. */
  quick: boolean;
  durations: {
    /** Closed-loop (max throughput) phase, seconds. */
    closedLoopSeconds: number;
    /** Open-loop (fixed rate) phase, milliseconds, of which the first `warmupMs` are not counted. */
    openLoopMs: number;
    warmupMs: number;
  };
  log(message: string): void;
  /**
   * Starts another stack like the one under test with `overrides` in its processes' environment; absent
   * when the runner attached to a stack (BENCH_GATEWAY_URL). The caller stops it.
   */
  startStack?: (overrides: Record<string, string>) => Promise<StackUnderTest>;
}

/** One figure of a scenario, next to the baseline measured in the same run and the goal it is held to. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same measure taken from the baseline in this run. */
  baseline?: { name: string; value: number } | undefined;
  /** The goal and whether this run met it. */
  goal?: { text: string; met: boolean } | undefined;
  /** Failed, dropped or timed-out operations behind this figure. */
  failures?: number | undefined;
}

export type ScenarioOutcome =
  | { status: "ran"; figures: Figure[]; notes: string[] }
  | { status: "not-run"; reason: string };

export interface Scenario {
  id: string;
  title: string;
  /** What is measured and how, for docs/benchmarks.md. */
  method: string;
  run(ctx: BenchContext): Promise<ScenarioOutcome>;
}

export function notRun(reason: string): ScenarioOutcome {
  return { status: "not-run", reason };
}

export function authHeader(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
