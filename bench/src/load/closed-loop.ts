import autocannon from "autocannon";

export interface ClosedLoopResult {
  /** Successful (2xx) answers per second, averaged over the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * Maximum throughput: `connections` clients each sending the next request as soon as the last one is
 * answered (autocannon). Latencies of a closed loop understate queueing, so only the throughput is a
 * headline figure; p99 at a fixed rate comes from the open-loop generator.
 */
export async function runClosedLoop(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}): Promise<ClosedLoopResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
  });
  const ok = result["2xx"];
  return {
    requestsPerSecond: ok / options.durationSeconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A short closed-loop run whose figures are thrown away: JIT, pools and caches warm up. */
export async function warmUp(url: string, headers: Record<string, string>, seconds: number): Promise<void> {
  await runClosedLoop({ url, headers, connections: 10, durationSeconds: seconds });
}
