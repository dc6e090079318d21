import { metrics } from "@opentelemetry/api";
import type { BusiestSecond } from "./busiest-second";
import type { ThrottleMetrics } from "./platform-throttle";

/**
 * The throttle's counters, on /metrics as `iot_adapter_infuse_throttled_total` (429s from the platform),
 * `iot_adapter_infuse_budget_exhausted_total` (calls that gave up waiting for a token) and the histogram
 * `iot_adapter_infuse_token_wait_seconds` (how long granted calls waited).
 */
export function makeThrottleMetrics(): ThrottleMetrics {
  const meter = metrics.getMeter("@mp/svc-iot-adapter");
  const throttled = meter.createCounter("iot_adapter.infuse_throttled", {
    description: "HTTP 429 answers from the Infuse-IoT platform (each pauses calls for its Retry-After)",
    unit: "{response}",
  });
  const exhausted = meter.createCounter("iot_adapter.infuse_budget_exhausted", {
    description: "Calls to the Infuse-IoT platform that gave up waiting for a token of INFUSE_MAX_RPS",
    unit: "{call}",
  });
  const wait = meter.createHistogram("iot_adapter.infuse_token_wait", {
    description: "How long a call to the Infuse-IoT platform waited for its token",
    unit: "s",
  });
  return {
    throttled: () => throttled.add(1),
    gaveUp: () => exhausted.add(1),
    waited: (ms) => wait.record(ms / 1000),
  };
}

/**
 * `iot_adapter_infuse_busiest_second`: the most platform requests this replica was granted in any one
 * second since it started (PostgreSQL's clock), which INFUSE_MAX_RPS bounds for all replicas together.
 */
export function observeBusiestSecond(busiest: BusiestSecond): void {
  metrics
    .getMeter("@mp/svc-iot-adapter")
    .createObservableGauge("iot_adapter.infuse_busiest_second", {
      description:
        "The most Infuse-IoT platform requests this replica was granted in any one second since it started",
      unit: "{request}",
    })
    .addCallback((result) => result.observe(busiest.value));
}
