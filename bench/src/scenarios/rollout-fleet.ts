import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { seedDemoData } from "@mp/local/demo-data";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import pg from "pg";
import { type Figure, notRun, type Scenario } from "../scenario";
import type { StackUnderTest } from "../stack";
import { readGrantedBusiestSecond, samplePlatformRequests } from "./platform-requests";
import { readWaveTimeline, waveNotes, waveTotals } from "./rollout-waves";

const STALLED =
  "no install of the rollout finished for 2 minutes: the iot-adapter must accept purchases calling QueueInstall as itself for the organisation (docs/rollouts.md, Scheduler)";

/** Platform requests one install costs at the least (queueing the update, reading its outcome): a note only. */
const LEAST_REQUESTS_PER_INSTALL = 2;

type Rollout = { rolloutId: string; status: string; currentWave: number; counts: Record<string, number> };

/**
 * Scenario R (issue 27): a rollout over a simulated fleet. It needs the simulator's `SIMULATOR_DEVICES`
 * and `SIMULATOR_INSTALL_FAILURE_RATE` and the iot-adapter's `INFUSE_MAX_RPS` (issue 27 item 4), so it
 * starts its own stacks; attached to a stack (BENCH_GATEWAY_URL) it is not run.
 */
export const rolloutFleet: Scenario = {
  id: "R",
  title: "Rollout over a simulated fleet",
  method: [
    "A stack of its own with `SIMULATOR_DEVICES` devices (5,000; 200 with BENCH_QUICK) and `INFUSE_MAX_RPS`",
    "(the environment's, else 50): the demo data, then every device of the demo provider bought (signed",
    "payment notifications at the listing's price), then one rollout of the first listed item's latest",
    "version over all of them (firstWave 1, growth 2, maxInFlight 1000, threshold 100). Timed from the 201",
    "until `GET .../rollouts/{id}` says `completed`, polled every second. The platform requests are counted",
    "by the simulator (`GET /__simulator/stats`, at the 201 and at the end): the time the rate allows is",
    "those requests / INFUSE_MAX_RPS, goal <= 1.2 x that; the average over the run and the most requests",
    "the adapter was granted in any one second since it started (its `iot_adapter_infuse_busiest_second`,",
    "grant times on PostgreSQL's clock) must not exceed INFUSE_MAX_RPS, and the simulator, given its own",
    "token bucket at that rate (`SIMULATOR_MAX_RPS`), must refuse none. The most requests that arrived at",
    "the simulator in any one second (its `busiestSecond`, on its own clock) is shown beside them: the HTTP",
    "hop after each grant varies, so a second of arrivals can hold a few grants of the second before. Then",
    "a second stack (500 devices; 100 quick) with `SIMULATOR_INSTALL_FAILURE_RATE=0.5` and a rollout at",
    "threshold 10: the waves started after the wave of the first failed device, when it paused (goal <= 1).",
    "Per wave of the first rollout, from purchases' and",
    "the adapter's rows: when it started, its last install queued on the platform, seen finished by the",
    "adapter (platform plus install poll), settled in purchases (NATS, consumer), and the next wave started.",
  ].join(" "),
  async run(ctx) {
    if (!ctx.startStack)
      return notRun("attached to a stack: this scenario starts its own with SIMULATOR_DEVICES");
    const rps = Number(process.env.INFUSE_MAX_RPS ?? 50);
    const fleet = ctx.quick ? 200 : 5_000;
    const figures: Figure[] = [];
    const notes: string[] = [];

    // The simulator keeps a token bucket at the same rate (one second of burst): a 429 is a request above it.
    const limits = { INFUSE_MAX_RPS: String(rps), SIMULATOR_MAX_RPS: String(rps) };
    const timed = await withStack(ctx.startStack, fleet, limits, async (stack) => {
      const fixture = await fleetFixture(stack, ctx.log);
      if (!fixture) return undefined;
      if (!stack.simulatorUrl) throw new Error("the launcher started no simulator");
      const sampler = await samplePlatformRequests(stack.simulatorUrl);
      const started = performance.now();
      const created = await createRollout(stack, fixture, { failureThresholdPercent: 100 });
      const eligible = created.counts.queued ?? 0;
      const leastMs = ((eligible * LEAST_REQUESTS_PER_INSTALL) / rps) * 1000;
      const done = await untilStatus(stack, created.rolloutId, ["completed"], 3 * leastMs + 300_000);
      const ms = performance.now() - started;
      const requests = await sampler.stop();
      const granted = stack.iotAdapterOpsUrl
        ? await readGrantedBusiestSecond(stack.iotAdapterOpsUrl)
        : undefined;
      const waves = done === "stalled" ? [] : await readWaveTimeline(stack.databaseUrl, created.rolloutId);
      return { ms, allowedMs: (requests.total / rps) * 1000, eligible, done, requests, granted, waves };
    });
    if (!timed)
      return notRun("the simulator seeded no devices for the demo provider (SIMULATOR_DEVICES not built)");
    if (timed.done === "stalled") return notRun(STALLED);
    figures.push({
      name: `rollout over ${timed.eligible} eligible of ${fleet} simulated devices`,
      value: timed.ms / 1000,
      unit: "s",
      baseline: { name: `time INFUSE_MAX_RPS=${rps} allows`, value: timed.allowedMs / 1000 },
      goal: { text: "<= 1.2 x the time the rate allows", met: timed.ms <= 1.2 * timed.allowedMs },
      failures: timed.done.counts.failed ?? 0,
    });
    const { requests } = timed;
    const average = requests.total / requests.seconds;
    figures.push(
      {
        name: "platform requests per second, average over the rollout",
        value: average,
        unit: "req/s",
        baseline: { name: "INFUSE_MAX_RPS", value: rps },
        goal: { text: "<= INFUSE_MAX_RPS", met: average <= rps },
        failures: requests.throttled,
      },
      {
        name: "requests the simulator refused (its own token bucket at INFUSE_MAX_RPS)",
        value: requests.throttled,
        unit: "",
        goal: { text: "none", met: requests.throttled === 0 },
      },
      ...(timed.granted === undefined
        ? []
        : [
            {
              name: "platform requests granted in the busiest second (any one-second span, iot-adapter, PostgreSQL's clock)",
              value: timed.granted,
              unit: "req",
              baseline: { name: "INFUSE_MAX_RPS", value: rps },
              goal: { text: "<= INFUSE_MAX_RPS", met: timed.granted <= rps },
            },
          ]),
      {
        name: "platform requests arrived in the busiest second (any one-second span, at the simulator)",
        value: requests.maxPerSecond,
        unit: "req",
        baseline: { name: "INFUSE_MAX_RPS", value: rps },
      },
      {
        name: "platform requests per eligible install (measured)",
        value: requests.total / Math.max(1, timed.eligible),
        unit: "req",
        baseline: {
          name: "the least: queue the update, read its outcome",
          value: LEAST_REQUESTS_PER_INSTALL,
        },
      },
    );
    const totals = waveTotals(timed.waves);
    figures.push(
      {
        name: `time after each wave's last install was queued, summed over ${timed.waves.length} waves`,
        value: totals.afterLastQueuedMs / 1000,
        unit: "s",
        baseline: { name: "the whole rollout", value: timed.ms / 1000 },
      },
      {
        name: "of which between the adapter seeing a wave's last install finish and purchases settling it",
        value: totals.deliveryMs / 1000,
        unit: "s",
      },
      {
        name: "of which between a wave's last device settled and the next wave (scheduler)",
        value: totals.gapMs / 1000,
        unit: "s",
      },
    );
    notes.push(
      `counts at the end: ${JSON.stringify(timed.done.counts)}`,
      `platform requests counted by the simulator: ${requests.total} over ${requests.seconds.toFixed(1)} s, ${requests.throttled} refused (429)`,
      ...waveNotes(timed.waves),
    );

    const small = ctx.quick ? 100 : 500;
    const paused = await withStack(
      ctx.startStack,
      small,
      { INFUSE_MAX_RPS: String(rps), SIMULATOR_INSTALL_FAILURE_RATE: "0.5" },
      async (stack) => {
        const fixture = await fleetFixture(stack, ctx.log);
        if (!fixture) return undefined;
        const created = await createRollout(stack, fixture, { failureThresholdPercent: 10 });
        const end = await untilStatus(stack, created.rolloutId, ["paused", "completed"], 600_000);
        if (end === "stalled") return undefined;
        const failed = await api<{ items: { wave: number }[] }>(
          stack,
          "GET",
          `/marketplace/providers/rollouts/${created.rolloutId}/devices?status=failed&page=1&pageSize=100`,
        );
        const firstFailedWave = Math.min(...failed.items.map((d) => d.wave));
        return { end, firstFailedWave };
      },
    );
    if (paused) {
      const after = paused.end.currentWave - paused.firstFailedWave;
      figures.push({
        name: "waves started after the first failure's wave, failure rate 0.5",
        value: Number.isFinite(after) ? after : -1,
        unit: "waves",
        goal: { text: "paused, <= 1", met: paused.end.status === "paused" && after <= 1 },
      });
      notes.push(`failure-rate stack: ${paused.end.status} in wave ${paused.end.currentWave}`);
    }
    return { status: "ran", figures, notes };
  },
};

async function withStack<T>(
  start: NonNullable<Parameters<Scenario["run"]>[0]["startStack"]>,
  devices: number,
  env: Record<string, string>,
  work: (stack: StackUnderTest) => Promise<T>,
): Promise<T> {
  const stack = await start({
    SIMULATOR_DEVICES: String(devices),
    SIMULATOR_TICK_MS: "500",
    INSTALL_POLL_MS: "1000",
    ROLLOUT_TICK_MS: "500",
    ...env,
  });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
  }
}

async function api<T>(stack: StackUnderTest, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${stack.tokens.provider}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The demo data, the first listed item's latest version, and every provider device bought. */
async function fleetFixture(stack: StackUnderTest, log: (m: string) => void) {
  const credentials = {
    admin: { token: stack.tokens.admin, organisationId: DEMO_ORGANISATIONS.admin.id },
    developer: { token: stack.tokens.developer, organisationId: DEMO_ORGANISATIONS.developer.id },
    provider: { token: stack.tokens.provider, organisationId: DEMO_ORGANISATIONS.provider.id },
    operator: { token: stack.tokens.admin, organisationId: DEMO_ORGANISATIONS.operator.id },
  };
  const demo = await seedDemoData(stack.gatewayUrl, credentials);
  const listing = demo.listings[0];
  if (!listing) throw new Error("the demo data has no listing");
  const item = await api<{ latestVersion: string | null }>(
    stack,
    "GET",
    `/marketplace/providers/marketplace-items/${listing.itemId}`,
  );
  const devices: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api<{ items: { deviceId: string }[]; hasMore: boolean }>(
      stack,
      "GET",
      `/marketplace/providers/devices?limit=100&offset=${offset}`,
    );
    devices.push(...page.items.map((d) => d.deviceId));
    if (!page.hasMore) break;
  }
  if (devices.length < 100) return undefined;
  log(`R: buying ${listing.itemId} for ${devices.length} devices`);
  let next = 0;
  const buyer = async () => {
    while (next < devices.length) {
      const deviceId = devices[next++]!;
      const event = paymentIntentSucceeded({
        listingId: listing.id,
        deviceId,
        amount: listing.price.amount,
        currency: listing.price.currency,
        paymentIntentId: stripeId("pi"),
      });
      const { body, signature } = signedStripeEvent(event, stack.stripeWebhookSecret);
      const response = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
      if (response.status !== 204) throw new Error(`the notification answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, buyer));
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    for (const deadline = Date.now() + 600_000; ; await sleep(1000)) {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(DISTINCT device_id)::int AS n FROM purchases.purchases WHERE marketplace_item_id = $1",
        [listing.itemId],
      );
      if (rows[0]!.n >= devices.length) break;
      if (Date.now() > deadline)
        throw new Error(`${rows[0]!.n} of ${devices.length} purchases after 10 minutes`);
    }
  } finally {
    await db.end();
  }
  return { itemId: listing.itemId, version: item.latestVersion ?? "" };
}

function createRollout(
  stack: StackUnderTest,
  fixture: { itemId: string; version: string },
  options: { failureThresholdPercent: number },
) {
  return api<Rollout>(stack, "POST", "/marketplace/providers/rollouts", {
    marketplaceItemId: fixture.itemId,
    version: fixture.version,
    firstWave: 1,
    growth: 2,
    maxInFlight: 1000,
    ...options,
  });
}

/** How long a rollout may go without a finished install before the scenario gives up on it. */
const STALL_MS = 120_000;

/**
 * The rollout once in one of `statuses`; "stalled" when no install finished for STALL_MS (an iot-adapter
 * that refuses purchases' own QueueInstall never starts one).
 */
async function untilStatus(
  stack: StackUnderTest,
  rolloutId: string,
  statuses: string[],
  timeoutMs: number,
): Promise<Rollout | "stalled"> {
  let finished = -1;
  let progressAt = Date.now();
  for (const deadline = Date.now() + timeoutMs; ; await sleep(1000)) {
    const rollout = await api<Rollout>(stack, "GET", `/marketplace/providers/rollouts/${rolloutId}`);
    if (statuses.includes(rollout.status)) return rollout;
    const now = (rollout.counts.succeeded ?? 0) + (rollout.counts.failed ?? 0);
    if (now !== finished) [finished, progressAt] = [now, Date.now()];
    if (Date.now() - progressAt > STALL_MS) return "stalled";
    if (Date.now() > deadline)
      throw new Error(`rollout ${rolloutId} still ${rollout.status} after ${timeoutMs / 1000} s`);
  }
}
