import { type DemoData, seedDemoData } from "@mp/local/demo-data";
import { seedDemoPurchases } from "@mp/local/demo-purchases";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import {
  createMarketplaceClient,
  eachPage,
  eachWindow,
  type MarketplaceClient,
  MarketplaceError,
  unwrap,
} from "@mp/sdk";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack } from "./stack";

/**
 * A short journey through `@mp/sdk` against the launched stack, so a break between the gateway and its
 * OpenAPI document (a renamed path, parameter or member) fails the build: an admin manages instances, a
 * provider searches the catalogue, reads its listings, purchases and devices through the SDK's iterators,
 * and an API key made through the SDK authenticates its own client. Purchases are made as the demo makes
 * them, through the Stripe stand-in.
 */
let stack: LocalStack;
let demo: DemoData;
let admin: MarketplaceClient;
let provider: MarketplaceClient;
const logs: string[] = [];

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterator) out.push(value);
  return out;
}

beforeAll(async () => {
  stack = await startTestStack(logs);
  demo = await seedDemoData(stack.gatewayUrl, stack.credentials);
  await seedDemoPurchases({
    gatewayUrl: stack.gatewayUrl,
    credentials: stack.credentials,
    stripeApiBase: stack.stripeApiBase ?? "",
    devices: demoSeed().devices,
    demo,
  });
  admin = createMarketplaceClient({ baseUrl: stack.gatewayUrl, token: stack.credentials.admin.token });
  provider = createMarketplaceClient({ baseUrl: stack.gatewayUrl, token: stack.credentials.provider.token });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe("the SDK against the stack", () => {
  it("creates, reads and pages instances as an admin", async () => {
    const created = await unwrap(
      admin.POST("/marketplace/instances", {
        body: { name: "SDK journey", defaultCurrency: "EUR", platformFeeBps: 500 },
      }),
    );
    expect(created).toMatchObject({ name: "SDK journey", defaultCurrency: "EUR", platformFeeBps: 500 });
    const read = await unwrap(
      admin.GET("/marketplace/instances/{id}", { params: { path: { id: created.id } } }),
    );
    expect(read.id).toBe(created.id);
    const all = await collect(
      eachPage((paging) => admin.GET("/marketplace/instances", { params: { query: paging } }), 1),
    );
    expect(all.map((instance) => instance.id)).toEqual(expect.arrayContaining([demo.instanceId, created.id]));
  });

  it("surfaces a refused body as a MarketplaceError naming the field", async () => {
    const refused = await unwrap(
      admin.POST("/marketplace/instances", {
        body: { name: "Bad fee", defaultCurrency: "EUR", platformFeeBps: -1 },
      }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketplaceError);
    expect(refused).toMatchObject({ status: 400, code: "validation-failed" });
    expect(Object.keys((refused as MarketplaceError).fieldErrors)).toContain("body.platformFeeBps");
  });

  it("surfaces a missing credential as unauthenticated", async () => {
    const anonymous = createMarketplaceClient({ baseUrl: stack.gatewayUrl });
    await expect(unwrap(anonymous.GET("/marketplace/providers/listings"))).rejects.toMatchObject({
      status: 401,
      code: "unauthenticated",
    });
  });

  it("searches the catalogue page by page", async () => {
    const catalogue = await collect(
      eachPage(
        (paging) =>
          provider.GET("/marketplace/marketplace-items", {
            params: { query: { marketplaceInstanceId: demo.instanceId, ...paging } },
          }),
        1,
      ),
    );
    const publicItem = demo.itemIds[0]!;
    expect(catalogue.map((item) => item.id)).toContain(publicItem);
    const named = catalogue.find((item) => item.id === publicItem)!;
    const found = await collect(
      eachPage((paging) =>
        provider.GET("/marketplace/marketplace-items", {
          params: { query: { marketplaceInstanceId: demo.instanceId, search: named.displayName, ...paging } },
        }),
      ),
    );
    expect(found.map((item) => item.id)).toContain(publicItem);
  });

  it("reads the provider's listings, purchases and devices", async () => {
    const listings = await collect(
      eachPage((paging) => provider.GET("/marketplace/providers/listings", { params: { query: paging } }), 2),
    );
    expect(listings.map((listing) => listing.id)).toEqual(expect.arrayContaining(demo.listingIds));

    const purchases = await waitFor(
      async () => {
        const made = await collect(
          eachPage(
            (paging) => provider.GET("/marketplace/providers/purchases", { params: { query: paging } }),
            1,
          ),
        );
        expect(made.length).toBeGreaterThanOrEqual(2);
        return made;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: "the demo purchases" },
    );
    for (const purchase of purchases) expect(demo.listingIds).toContain(purchase.listingId);

    const devices = await collect(
      eachWindow(
        (window) => provider.GET("/marketplace/providers/devices", { params: { query: window } }),
        2,
      ),
    );
    const deviceIds = devices.map((device) => device.deviceId.toLowerCase());
    expect(new Set(deviceIds).size).toBe(deviceIds.length);
    for (const purchase of purchases) expect(deviceIds).toContain(purchase.deviceId.toLowerCase());
  });

  it("authenticates with an API key created through the SDK", async () => {
    const key = await unwrap(
      provider.POST("/marketplace/api-keys", { body: { name: "sdk journey", roles: ["provider"] } }),
    );
    const byKey = createMarketplaceClient({ baseUrl: stack.gatewayUrl, apiKey: key.key });
    const listings = await collect(
      eachPage((paging) => byKey.GET("/marketplace/providers/listings", { params: { query: paging } })),
    );
    expect(listings.map((listing) => listing.id)).toEqual(expect.arrayContaining(demo.listingIds));
  });
});
