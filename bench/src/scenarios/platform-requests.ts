/**
 * Counts the requests the simulated Infuse-IoT platform let through (`GET /__simulator/stats`, `allowed`),
 * read every `intervalMs` while a scenario runs: the total over the run and the rate of each interval (its
 * count over its own measured length), so "never above INFUSE_MAX_RPS" is checked per second too.
 */
export interface PlatformRequests {
  /** Requests made since start(). */
  total: number;
  /** Seconds from start() to stop(). */
  seconds: number;
  /** The highest interval rate seen (requests per second). */
  maxPerSecond: number;
  /** Requests the simulator refused with 429 since start(). */
  throttled: number;
}

type Stats = { allowed: number; throttled: number };

async function readStats(simulatorUrl: string): Promise<Stats> {
  const response = await fetch(`${simulatorUrl}/__simulator/stats`);
  if (response.status !== 200) throw new Error(`/__simulator/stats answered ${response.status}`);
  return (await response.json()) as Stats;
}

export async function samplePlatformRequests(
  simulatorUrl: string,
  intervalMs = 1_000,
): Promise<{ stop(): Promise<PlatformRequests> }> {
  const first = await readStats(simulatorUrl);
  const startedAt = performance.now();
  let last = { at: startedAt, allowed: first.allowed, throttled: first.throttled };
  let maxPerSecond = 0;
  const sample = async () => {
    // The count was read somewhere between send and answer: the midpoint halves the error a slow answer makes.
    const sent = performance.now();
    const stats = await readStats(simulatorUrl);
    const at = (sent + performance.now()) / 2;
    if (at - last.at >= intervalMs / 2)
      maxPerSecond = Math.max(maxPerSecond, ((stats.allowed - last.allowed) * 1000) / (at - last.at));
    last = { at, allowed: stats.allowed, throttled: stats.throttled };
  };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample();
      return {
        total: last.allowed - first.allowed,
        seconds: (last.at - startedAt) / 1000,
        maxPerSecond,
        throttled: last.throttled - first.throttled,
      };
    },
  };
}
