/**
 * Counts the requests the simulated Infuse-IoT platform let through while a scenario runs, from its
 * `GET /__simulator/stats`: the total and the refusals between start() and stop(), and the most it let
 * through in any one second of that span, which the simulator computes on its own clock from the arrival
 * time of each request (`busiestSecond?since=<its clock at start>`): exact, where reading a counter over
 * HTTP once a second from here could put two grants a second apart into one of its own intervals.
 */
export interface PlatformRequests {
  /** Requests made since start(). */
  total: number;
  /** Seconds from start() to stop(). */
  seconds: number;
  /** The most requests the simulator let through in any one second since start(). */
  maxPerSecond: number;
  /** Requests the simulator refused with 429 since start(). */
  throttled: number;
}

type Stats = { allowed: number; throttled: number; busiestSecond: number; clockMs: number };

async function readStats(simulatorUrl: string, since?: number): Promise<Stats> {
  const query = since === undefined ? "" : `?since=${since}`;
  const response = await fetch(`${simulatorUrl}/__simulator/stats${query}`);
  if (response.status !== 200) throw new Error(`/__simulator/stats answered ${response.status}`);
  const stats = (await response.json()) as Partial<Stats>;
  if (typeof stats.busiestSecond !== "number" || typeof stats.clockMs !== "number")
    throw new Error("/__simulator/stats has no busiestSecond or clockMs (a simulator older than the bench)");
  return stats as Stats;
}

export async function samplePlatformRequests(
  simulatorUrl: string,
): Promise<{ stop(): Promise<PlatformRequests> }> {
  const first = await readStats(simulatorUrl);
  return {
    async stop() {
      const last = await readStats(simulatorUrl, first.clockMs);
      return {
        total: last.allowed - first.allowed,
        seconds: (last.clockMs - first.clockMs) / 1000,
        maxPerSecond: last.busiestSecond,
        throttled: last.throttled - first.throttled,
      };
    },
  };
}

/**
 * iot-adapter's `iot_adapter_infuse_busiest_second` from its `/metrics`: the most platform requests it was
 * granted in any one second since it started, on PostgreSQL's clock (what INFUSE_MAX_RPS bounds).
 */
export async function readGrantedBusiestSecond(opsUrl: string): Promise<number> {
  const response = await fetch(`${opsUrl}/metrics`);
  if (response.status !== 200) throw new Error(`${opsUrl}/metrics answered ${response.status}`);
  const line = (await response.text())
    .split("\n")
    .find((text) => /^iot_adapter_infuse_busiest_second(\{[^}]*\})? /.test(text));
  if (!line) throw new Error(`${opsUrl}/metrics has no iot_adapter_infuse_busiest_second`);
  return Number(line.slice(line.lastIndexOf(" ") + 1));
}
