import type { DemoCredentials } from "./credentials";
import { demoApi } from "./demo-api";
import { giveDemoPictures } from "./demo-images";
import { developerApplications, listItem, offerItem, publishApplication } from "./demo-items";

export const DEMO_INSTANCE = {
  name: "Demo Marketplace",
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
} as const;

/** Base prices of the demo developer's items, in EUR cents, in the order of its applications. */
const DEMO_BASE_PRICES = [499, 999, 1999, 2999];

export interface DemoData {
  instanceId: string;
  /** The demo developer's published items in the demo instance, offered and listed by the demo provider. */
  itemIds: string[];
  listingIds: string[];
  /** The demo provider's listings of those items, in the same order. */
  listings: DemoListing[];
}

export interface DemoListing {
  id: string;
  itemId: string;
  price: { amount: number; currency: string };
}

/**
 * Demo data is created through the public API, like any client would, and only what is missing is
 * created, so every restart leaves the same data: a first marketplace instance; the demo developer's
 * applications (those with releases) published in it, each with an icon and a gallery; each offered by the demo admin and listed by the
 * demo provider at twice its base price, the last one privately.
 */
export async function seedDemoData(gatewayUrl: string, credentials: DemoCredentials): Promise<DemoData> {
  const call = demoApi(gatewayUrl);
  const instanceId = await demoInstance(call, credentials.admin.token);
  const applications = await developerApplications(call, credentials.developer.token, instanceId);
  const items = [];
  for (const [i, application] of applications.entries()) {
    const basePrice = { amount: DEMO_BASE_PRICES[i % DEMO_BASE_PRICES.length] as number, currency: "EUR" };
    const item = await publishApplication(call, credentials.developer.token, {
      instanceId,
      application,
      basePrice,
    });
    if (item?.status === "published") items.push(item);
    if (item) await giveDemoPictures(call, credentials.developer.token, item.id);
  }
  const listings: DemoListing[] = [];
  for (const [i, item] of items.entries()) {
    await offerItem(call, credentials.admin.token, instanceId, item.id);
    const price = { amount: (item.basePrice?.amount ?? 0) * 2, currency: item.basePrice?.currency ?? "EUR" };
    const visibility = i === items.length - 1 ? "private" : "public";
    const listing = await listItem(call, credentials.provider.token, {
      instanceId,
      itemId: item.id,
      price,
      visibility,
    });
    listings.push({ id: listing.id, itemId: item.id, price: listing.price });
  }
  return {
    instanceId,
    itemIds: items.map((item) => item.id),
    listingIds: listings.map((listing) => listing.id),
    listings,
  };
}

/** The first marketplace instance, created when the stack has none. */
async function demoInstance(call: ReturnType<typeof demoApi>, token: string): Promise<string> {
  const listed = await call<{ items: { id: string }[] }>(
    "GET",
    "/marketplace/instances?page=1&pageSize=1&orderBy=createdAt&direction=asc",
    token,
  );
  if (listed.status !== 200) throw new Error(`demo data: listing instances answered ${listed.status}`);
  if (listed.body.items[0]) return listed.body.items[0].id;
  const created = await call<{ id: string }>("POST", "/marketplace/instances", token, DEMO_INSTANCE);
  if (created.status !== 200)
    throw new Error(`demo data: creating the demo instance answered ${created.status}`);
  return created.body.id;
}
