import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { childrenRunning, cpuDuring, cpuMs } from "../cpu";
import { p99Figure } from "../latency-figure";
import { getOk } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { analyzeSchema, waitForQuietStack } from "../quiet-stack";
import { authHeader, type Figure, notRun, type Scenario } from "../scenario";
import { SEARCH_WORDS, StorefrontSeeder } from "../seed/storefront-events";
import { ROUTE_NOT_AVAILABLE, routeAvailable } from "./route-probe";
import { benchInstance, waitForCount } from "./storefront-fixture";

const ITEMS = 10_000;
const RATE = 100;

/** Scenario C (issue 7): full-text search of the public catalogue over 10,000 listed items. */
export const catalogueSearch: Scenario = {
  id: "C",
  title: "Catalogue search over 10,000 listed items",
  method: [
    `\`GET /marketplace/marketplace-items?marketplaceInstanceId=...&search=<word>\` at ${RATE} requests/s`,
    `(open loop, one of ${SEARCH_WORDS.length} words in turn, each matching about a tenth of the items)`,
    `over ${ITEMS.toLocaleString("en")} items listed in one fresh instance. Seeding publishes a published`,
    "item snapshot and a public listing snapshot per item directly on the bus, as publishing and listings",
    "would, and waits until the catalogue lists them all, then until the stack is quiet (every outbox sent,",
    "every durable consumer caught up: listings, settlements and purchases learn the items too) and the",
    "catalogue's tables are analysed, as autovacuum would have done long before in a running deployment.",
    "Baseline: the instances list through the same gateway at the same rate (the path's fixed cost without",
    "the search).",
  ].join(" "),
  async run(ctx) {
    const headers = authHeader(ctx.tokens.provider);
    const list = "instances list, same gateway, same rate";
    const probe = "/marketplace/marketplace-items?search=bench&page=1&pageSize=1";
    if (!(await routeAvailable(ctx.gateway, probe, headers))) return notRun(ROUTE_NOT_AVAILABLE);
    const instanceId = await benchInstance(ctx, "search");
    const seedingStarted = performance.now();
    const seeder = await StorefrontSeeder.connect(ctx.natsUrl);
    try {
      ctx.log(`C: seeding ${ITEMS} listed items on the bus`);
      for (let i = 0; i < ITEMS; i++) {
        const item = await seeder.publishItem({
          instanceId,
          developerOrganisationId: DEMO_ORGANISATIONS.developer.id,
          index: i,
        });
        await seeder.publishListing(item, DEMO_ORGANISATIONS.provider.id);
      }
    } finally {
      await seeder.close();
    }
    const listPath = `/marketplace/marketplace-items?marketplaceInstanceId=${instanceId}&page=1&pageSize=1`;
    // Generous: the catalogue applies the 20,000 events one inbox transaction at a time, slowly on a loaded machine.
    await waitForCount(ctx.gateway, listPath, headers, ITEMS, 600_000);
    // Publishing the 20,000 events and the catalogue applying them all (its read-model consumers).
    const seedingSeconds = (performance.now() - seedingStarted) / 1000;
    const quiet = await waitForQuietStack(ctx.natsUrl, ctx.databaseUrl, 300_000);
    await analyzeSchema(ctx.databaseUrl, "catalogue");
    const options = { rate: RATE, durationMs: ctx.durations.openLoopMs, warmupMs: ctx.durations.warmupMs };
    ctx.log(`C: ${RATE} searches/s`);
    // CPU per request of the processes on the path: steadier than latency on a shared machine.
    const gatewayPids = childrenRunning("gateway/src/main.ts");
    const cataloguePids = childrenRunning("catalogue/src/main.ts");
    const pathPids = [...gatewayPids, ...cataloguePids];
    const gatewayBefore = gatewayPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const searchRun = await cpuDuring(pathPids, () =>
      runOpenLoop({
        ...options,
        operation: async (i) => {
          const word = SEARCH_WORDS[i % SEARCH_WORDS.length];
          const path = `/marketplace/marketplace-items?marketplaceInstanceId=${instanceId}&search=${word}&page=1&pageSize=20`;
          await getOk(ctx.gateway, path, headers);
        },
      }),
    );
    const gatewaySearchMs = gatewayPids.reduce((sum, pid) => sum + cpuMs(pid), 0) - gatewayBefore;
    const search = searchRun.result;
    const baselineRun = await cpuDuring(pathPids, () =>
      runOpenLoop({
        ...options,
        operation: () =>
          getOk(ctx.gateway, "/marketplace/instances?page=1&pageSize=20", headers).then(() => {}),
      }),
    );
    const baseline = baselineRun.result;
    const cpuFigures: Figure[] =
      gatewayPids.length === 1 && cataloguePids.length === 1
        ? [
            {
              name: "gateway + catalogue CPU per search",
              value: searchRun.cpuMs / Math.max(1, search.sent),
              unit: "ms",
              baseline: { name: list, value: baselineRun.cpuMs / Math.max(1, baseline.sent) },
            },
            {
              name: "of which gateway CPU per search",
              value: gatewaySearchMs / Math.max(1, search.sent),
              unit: "ms",
            },
          ]
        : [];
    return {
      status: "ran",
      figures: [
        p99Figure({
          name: `p99 search at ${RATE} req/s`,
          result: search,
          baseline: { name: list, result: baseline },
          goalMs: 50,
        }),
        {
          name: `p50 search at ${RATE} req/s`,
          value: search.latency.percentile(0.5),
          unit: "ms",
          baseline: { name: list, value: baseline.latency.percentile(0.5) },
        },
        ...cpuFigures,
        { name: `seeding ${ITEMS * 2} events until all are listed`, value: seedingSeconds, unit: "s" },
        { name: "then until the stack was quiet", value: quiet.seconds, unit: "s" },
      ],
      notes: [
        ...(quiet.quiet ? [] : [`not quiet before measuring: ${JSON.stringify(quiet.backlog)} left`]),
        ...(search.firstError ? [`first failure: ${search.firstError}`] : []),
      ],
    };
  },
};
