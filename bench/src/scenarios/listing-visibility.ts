import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { p99Figure } from "../latency-figure";
import { getOk, postJson } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { authHeader, notRun, type Scenario } from "../scenario";
import { StorefrontSeeder } from "../seed/storefront-events";
import { JETSTREAM, jetStreamBaseline } from "./jetstream-baseline";
import { ROUTE_NOT_AVAILABLE, routeAvailable } from "./route-probe";
import { benchInstance } from "./storefront-fixture";

const RATE = 10;

/** Scenario D (issue 7): a provider's new listing until the public catalogue shows the item. */
export const listingVisibility: Scenario = {
  id: "D",
  title: "Listing created -> visible in the public catalogue",
  method: [
    `A provider creates listings (\`POST /marketplace/providers/listings/{itemId}\`) at ${RATE}/s, open`,
    "loop, each for its own item, already published (item snapshot on the bus) and offered by an admin",
    "through the API; each is done when `GET /marketplace/marketplace-items/{itemId}` answers 200, polled",
    "every 20 ms. Latency from the scheduled send of the POST. Baseline: bare JetStream publish -> consume",
    "at the same rate.",
  ].join(" "),
  async run(ctx) {
    const provider = authHeader(ctx.tokens.provider);
    const admin = authHeader(ctx.tokens.admin);
    if (!(await routeAvailable(ctx.gateway, "/marketplace/providers/listings?page=1&pageSize=1", provider)))
      return notRun(ROUTE_NOT_AVAILABLE);
    const instanceId = await benchInstance(ctx, "listing");
    const count = Math.ceil((ctx.durations.openLoopMs / 1000) * RATE);
    const seeder = await StorefrontSeeder.connect(ctx.natsUrl);
    const items: string[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const item = await seeder.publishItem({
          instanceId,
          developerOrganisationId: DEMO_ORGANISATIONS.developer.id,
          index: 50_000 + i,
        });
        items.push(item.itemId);
      }
    } finally {
      await seeder.close();
    }
    ctx.log(`D: offering ${count} items`);
    for (const itemId of items) {
      await offerWhenKnown(ctx.gateway, instanceId, itemId, admin);
    }
    const options = { rate: RATE, durationMs: ctx.durations.openLoopMs, warmupMs: ctx.durations.warmupMs };
    ctx.log(`D: ${RATE} listings/s`);
    const result = await runOpenLoop({
      ...options,
      drainMs: 30_000,
      operation: async (i) => {
        const itemId = items[i]!;
        const body = { marketplaceInstanceId: instanceId, price: { amount: 1_500, currency: "EUR" } };
        await postJson(ctx.gateway, `/marketplace/providers/listings/${itemId}`, provider, body);
        await untilVisible(
          ctx.gateway,
          `/marketplace/marketplace-items/${itemId}?marketplaceInstanceId=${instanceId}`,
          provider,
        );
      },
    });
    const baseline = await jetStreamBaseline(ctx.natsUrl, options);
    return {
      status: "ran",
      figures: [
        p99Figure({
          name: `p99 listed -> visible at ${RATE}/s`,
          result,
          baseline: { name: JETSTREAM, result: baseline },
          goalMs: 1000,
        }),
      ],
      notes: result.firstError ? [`first failure: ${result.firstError}`] : [],
    };
  },
};

/** Offers an item once listings has learned it is published (its consumer may lag the seeding). */
async function offerWhenKnown(
  pool: import("undici").Pool,
  instanceId: string,
  itemId: string,
  headers: Record<string, string>,
) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await postJson(pool, `/marketplace/instances/${instanceId}/offerings`, headers, {
        marketplaceItemId: itemId,
      });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function untilVisible(pool: import("undici").Pool, path: string, headers: Record<string, string>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const visible = await getOk(pool, path, headers).then(
      () => true,
      () => false,
    );
    if (visible) return;
    if (Date.now() > deadline) throw new Error(`${path} not visible after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
