import type { OpenLoopResult } from "./load/open-loop";
import type { Figure } from "./scenario";

/**
 * A fixed-rate scenario's headline: the p99 of `result` next to the p99 of its baseline from the same
 * run, held to a goal that counts as met only when no operation failed, was dropped or timed out.
 */
export function p99Figure(input: {
  name: string;
  result: OpenLoopResult;
  baseline: { name: string; result: OpenLoopResult };
  goalMs: number;
}): Figure {
  const p99 = input.result.latency.percentile(0.99);
  const failures = input.result.failed + input.result.dropped;
  return {
    name: input.name,
    value: p99,
    unit: "ms",
    baseline: { name: input.baseline.name, value: input.baseline.result.latency.percentile(0.99) },
    goal: { text: `<= ${input.goalMs} ms`, met: p99 <= input.goalMs && failures === 0 },
    failures,
  };
}
