import { demoApi } from "@mp/local/demo-api";
import { type DemoData, seedDemoData } from "@mp/local/demo-data";
import { developerApplications, offerItem, publishApplication } from "@mp/local/demo-items";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, type HttpResult, httpClient } from "./http";
import { pngBytes } from "./images";
import { startTestStack } from "./stack";

/**
 * Offerings and listings through the gateway, against the launched stack: items published by the demo
 * developer (publishing), learned by listings from publishing's events, offered by the instance's admin
 * and listed by the demo provider; another organisation's admin and provider see none of it.
 */
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { developer: string; provider: string; admin: string; otherAdmin: string; otherProvider: string };
let instanceId: string;
/** Three published items of the test instance: [listed, retired later, unpublished later]. */
let items: string[];
/** Seeded first, so the demo instance is the stack's first instance, as on a fresh `pnpm start`. */
let demo: DemoData;
const logs: string[] = [];
const EUR = (amount: number) => ({ amount, currency: "EUR" });

interface Listing {
  id: string;
  disabled: boolean;
  supersededAt: string | null;
  visibility: string;
  price: { amount: number; currency: string };
}

beforeAll(async () => {
  stack = await startTestStack(logs);
  call = httpClient(stack.gatewayUrl);
  const other = "0193a5d0-0000-7000-8000-0000000000ff";
  tokens = {
    developer: stack.credentials.developer.token,
    provider: stack.credentials.provider.token,
    admin: stack.credentials.admin.token,
    otherAdmin: await stack.signToken({ org: other, roles: ["admin"] }),
    otherProvider: await stack.signToken({ org: other, roles: ["provider"] }),
  };
  demo = await seedDemoData(stack.gatewayUrl, stack.credentials);
  const instance = await call("POST", "/marketplace/instances", {
    token: tokens.admin,
    body: { name: "Listings", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const applications = await developerApplications(api, tokens.developer, instanceId);
  items = [];
  for (const application of applications) {
    const item = await publishApplication(api, tokens.developer, {
      instanceId,
      application,
      basePrice: EUR(1000),
    });
    if (item?.status === "published") items.push(item.id);
  }
  expect(items.length).toBeGreaterThanOrEqual(3);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const offeringsPath = () => `/marketplace/instances/${instanceId}/offerings`;
const listingPath = (itemId: string) => `/marketplace/providers/listings/${itemId}`;
const offer = (itemId: string) => offerItem(demoApi(stack.gatewayUrl), tokens.admin, instanceId, itemId);

function createListing(itemId: string, body: Record<string, unknown>, token = tokens.provider) {
  return call<Listing>("POST", listingPath(itemId), {
    token,
    body: { marketplaceInstanceId: instanceId, ...body },
  });
}

function currentListing(itemId: string, token = tokens.provider): Promise<HttpResult<Listing>> {
  return call<Listing>("GET", `${listingPath(itemId)}?marketplaceInstanceId=${instanceId}`, { token });
}

/** Upload, finalise and attach a real icon to an item, as its developer. */
async function attachIcon(itemId: string): Promise<void> {
  const bytes = pngBytes(128, 128);
  const session = await call<{ assetId: string; uploadUri: string; uploadHeaders: Record<string, string> }>(
    "POST",
    "/assets/upload-session",
    { token: tokens.developer, body: { assetType: "icon", mimeType: "image/png", fileName: "icon.png" } },
  );
  expect(session.status).toBe(200);
  const put = await fetch(session.body.uploadUri, {
    method: "PUT",
    headers: session.body.uploadHeaders,
    body: bytes,
  });
  expect(put.status).toBe(200);
  const { assetId } = session.body;
  const done = await call("POST", `/assets/${assetId}/finalise`, {
    token: tokens.developer,
    body: { assetId, sizeBytes: bytes.length, width: 128, height: 128 },
  });
  expect(done.status).toBe(200);
  const set = await call("POST", `/marketplace/developers/marketplace-items/${itemId}/icon`, {
    token: tokens.developer,
    body: { assetId },
  });
  expect(set.status).toBe(200);
}

describe("offerings (admin of the instance's owner)", () => {
  it("offers a published item; offering it again returns the same offering", async () => {
    const first = await offer(items[0] as string);
    const again = await call("POST", offeringsPath(), {
      token: tokens.admin,
      body: { marketplaceItemId: items[0] },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, marketplaceItemId: items[0], withdrawnAt: null });
    const listed = await call<{ items: { id: string }[]; totalCount: number }>(
      "GET",
      `${offeringsPath()}?page=1&pageSize=100`,
      { token: tokens.admin },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((o) => o.id)).toContain(first.id);
  });

  it("answers 404 to another organisation's admin and for unknown items, 403 to other roles", async () => {
    const offering = await offer(items[0] as string);
    const body = { marketplaceItemId: items[0] };
    expectProblem(await call("POST", offeringsPath(), { token: tokens.otherAdmin, body }), 404, "not-found");
    expectProblem(
      await call("GET", `${offeringsPath()}?page=1&pageSize=10`, { token: tokens.otherAdmin }),
      404,
      "not-found",
    );
    expectProblem(
      await call("DELETE", `${offeringsPath()}/${offering.id}`, { token: tokens.otherAdmin }),
      404,
      "not-found",
    );
    expectProblem(
      await call("POST", offeringsPath(), { token: tokens.admin, body: { marketplaceItemId: instanceId } }),
      404,
      "not-found",
    );
    expectProblem(await call("POST", offeringsPath(), { token: tokens.provider, body }), 403, "forbidden");
    expectProblem(
      await call("GET", `${offeringsPath()}?page=1&pageSize=10`, { token: tokens.developer }),
      403,
      "forbidden",
    );
  });
});

describe("provider listings", () => {
  it("refuses an item not offered (not-offered), another currency (400) and a price below base (price-below-base)", async () => {
    const notOffered = items[1] as string;
    const refused = await waitFor(
      async () => {
        const result = await createListing(notOffered, { price: EUR(5000) });
        return result.status === 409 ? result : undefined;
      },
      { timeoutMs: 30_000, what: "listings to learn the item" },
    );
    expectProblem(refused as unknown as HttpResult, 409, "not-offered");

    await offer(items[0] as string);
    const usd = await createListing(items[0] as string, { price: { amount: 5000, currency: "USD" } });
    expectProblem(usd as unknown as HttpResult, 400, "validation-failed");
    expect((usd.body as unknown as { errors: Record<string, string[]> }).errors).toHaveProperty([
      "body.price.currency",
    ]);
    // base 1000 and a 10% fee: 1110 leaves the provider -1, 1111 leaves 0
    expectProblem(
      (await createListing(items[0] as string, { price: EUR(1110) })) as unknown as HttpResult,
      409,
      "price-below-base",
    );
    expectProblem(
      (await createListing(
        items[0] as string,
        { price: EUR(5000) },
        tokens.developer,
      )) as unknown as HttpResult,
      403,
      "forbidden",
    );
  });

  it("supersedes the current listing, which moves to history; lists the newest with its item's name and icon", async () => {
    const itemId = items[0] as string;
    await offer(itemId);
    await attachIcon(itemId);
    const first = await createListing(itemId, { price: EUR(1500) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      visibility: "public",
      disabled: false,
      supersededAt: null,
      price: EUR(1500),
    });
    const second = await createListing(itemId, { price: EUR(1800), visibility: "private" });
    expect(second.status).toBe(200);

    const current = await currentListing(itemId);
    expect(current.status).toBe(200);
    expect(current.body).toEqual(second.body);
    const history = await call<{ items: Listing[]; totalCount: number }>(
      "GET",
      `${listingPath(itemId)}/history?marketplaceInstanceId=${instanceId}&page=1&pageSize=10`,
      { token: tokens.provider },
    );
    expect(history.status).toBe(200);
    expect(history.body.items.map((l) => l.id)).toContain(first.body.id);
    expect(history.body.items.every((l) => l.disabled && l.supersededAt !== null)).toBe(true);
    expect(history.body.items.map((l) => l.id)).not.toContain(second.body.id);

    const summary = await waitFor(
      async () => {
        const page = await call<{ items: { id: string; iconUrl: string | null; displayName: string }[] }>(
          "GET",
          `/marketplace/providers/listings?marketplaceInstanceId=${instanceId}&page=1&pageSize=100`,
          { token: tokens.provider },
        );
        const row = page.body.items.find((s) => s.id === second.body.id);
        return row?.iconUrl ? { page, row } : undefined;
      },
      { timeoutMs: 30_000, what: "listings to learn the icon" },
    );
    expect(summary.page.body.items.map((s) => s.id)).not.toContain(first.body.id);
    expect(summary.row).toMatchObject({
      type: "app",
      visibility: "private",
      disabled: false,
      purchaseCount: 0,
    });
    expect((await fetch(summary.row.iconUrl as string)).status).toBe(200);
    const searched = await call<{ items: { id: string }[] }>(
      "GET",
      `/marketplace/providers/listings?search=${encodeURIComponent(summary.row.displayName.toUpperCase())}&page=1&pageSize=100`,
      { token: tokens.provider },
    );
    expect(searched.body.items.map((s) => s.id)).toContain(second.body.id);
  });

  it("appends visibility states even when unchanged, and keeps other organisations out (404)", async () => {
    const itemId = items[0] as string;
    const listing = (await currentListing(itemId)).body;
    for (const visibility of ["public", "public"]) {
      const set = await call("POST", `/marketplace/providers/listings/${listing.id}/visibility`, {
        token: tokens.provider,
        body: { visibility },
      });
      expect(set.status).toBe(204);
    }
    const series = await call<{ items: { visibility: string; setAt: string; setBy: string }[] }>(
      "GET",
      `/marketplace/providers/listings/${listing.id}/visibility?page=1&pageSize=10&direction=asc`,
      { token: tokens.provider },
    );
    expect(series.status).toBe(200);
    expect(series.body.items.map((s) => s.visibility)).toEqual(["private", "public", "public"]);
    expect(series.body.items[0]?.setBy).toBe("demo-provider");
    expect((await currentListing(itemId)).body.visibility).toBe("public");

    const foreign = `/marketplace/providers/listings/${listing.id}/visibility`;
    expectProblem(
      await call("POST", foreign, { token: tokens.otherProvider, body: { visibility: "private" } }),
      404,
      "not-found",
      foreign,
    );
    expectProblem(
      await call("GET", `${foreign}?page=1&pageSize=10`, { token: tokens.otherProvider }),
      404,
      "not-found",
    );
    expectProblem(
      (await currentListing(itemId, tokens.otherProvider)) as unknown as HttpResult,
      404,
      "not-found",
    );
    const theirs = await call<{ items: unknown[] }>(
      "GET",
      "/marketplace/providers/listings?page=1&pageSize=100",
      {
        token: tokens.otherProvider,
      },
    );
    expect(theirs.body.items).toEqual([]);
    expectProblem(
      await call("GET", `${foreign}?page=1&pageSize=10`, { token: tokens.developer }),
      403,
      "forbidden",
    );
  });

  it("unpublishing blocks new listings and offerings (invalid-state) but keeps existing listings enabled", async () => {
    const itemId = items[2] as string;
    await offer(itemId);
    const listing = await createListing(itemId, { price: EUR(2000) });
    expect(listing.status).toBe(200);
    const unpublished = await call("POST", `/marketplace/developers/marketplace-items/${itemId}/unpublish`, {
      token: tokens.developer,
    });
    expect(unpublished.status).toBe(200);
    // Offering an offered item changes nothing, so it can be retried until listings learns the unpublish.
    const reoffer = await waitFor(
      async () => {
        const result = await call("POST", offeringsPath(), {
          token: tokens.admin,
          body: { marketplaceItemId: itemId },
        });
        return result.status === 409 ? result : undefined;
      },
      { timeoutMs: 30_000, what: "listings to learn the unpublish" },
    );
    expectProblem(reoffer, 409, "invalid-state");
    expect(reoffer.body.state).toBe("unpublished");
    const refused = await createListing(itemId, { price: EUR(2500) });
    expectProblem(refused as unknown as HttpResult, 409, "invalid-state");
    expect((refused.body as unknown as { state: string }).state).toBe("unpublished");
    expect(await currentListing(itemId)).toMatchObject({
      status: 200,
      body: { id: listing.body.id, disabled: false },
    });
  });

  it("withdrawing an offering disables its listings and blocks new ones (not-offered)", async () => {
    const itemId = items[0] as string;
    const offering = await offer(itemId);
    const before = await currentListing(itemId);
    expect(before.body.disabled).toBe(false);
    const withdrawn = await call("DELETE", `${offeringsPath()}/${offering.id}`, { token: tokens.admin });
    expect(withdrawn.status).toBe(204);
    expect(await currentListing(itemId)).toMatchObject({
      status: 200,
      body: { id: before.body.id, disabled: true },
    });
    expectProblem(
      (await createListing(itemId, { price: EUR(5000) })) as unknown as HttpResult,
      409,
      "not-offered",
    );
    const disabled = await call<{ items: { id: string; disabled: boolean }[] }>(
      "GET",
      `/marketplace/providers/listings?disabled=true&marketplaceInstanceId=${instanceId}&page=1&pageSize=100`,
      { token: tokens.provider },
    );
    expect(disabled.body.items.map((s) => s.id)).toContain(before.body.id);
    expect(disabled.body.items.every((s) => s.disabled)).toBe(true);
  });

  it("retiring an item withdraws its offerings and disables its listings", async () => {
    const itemId = items[1] as string;
    const offering = await offer(itemId);
    const listing = await createListing(itemId, { price: EUR(3000) });
    expect(listing.status).toBe(200);
    const retired = await call("POST", `/marketplace/developers/marketplace-items/${itemId}/retire`, {
      token: tokens.developer,
    });
    expect(retired.status).toBe(200);
    const withdrawn = await waitFor(
      async () => {
        const page = await call<{ items: { id: string; withdrawnAt: string | null }[] }>(
          "GET",
          `${offeringsPath()}?page=1&pageSize=100`,
          { token: tokens.admin },
        );
        return page.body.items.find((o) => o.id === offering.id && o.withdrawnAt !== null);
      },
      { timeoutMs: 30_000, what: "the retired item's offering to be withdrawn" },
    );
    expect(withdrawn.withdrawnAt).toMatch(/Z$/);
    expect(await currentListing(itemId)).toMatchObject({
      status: 200,
      body: { id: listing.body.id, disabled: true },
    });
  });
});

describe("demo data", () => {
  it("publishes, offers and lists the demo developer's items, one listing private, once", async () => {
    const first = demo;
    expect(first.itemIds.length).toBeGreaterThanOrEqual(3);
    expect(first.instanceId).not.toBe(instanceId);
    const again = await seedDemoData(stack.gatewayUrl, stack.credentials);
    expect(again).toEqual(first);
    const listed = await call<{ items: { id: string; visibility: string; disabled: boolean }[] }>(
      "GET",
      `/marketplace/providers/listings?marketplaceInstanceId=${first.instanceId}&page=1&pageSize=100`,
      { token: tokens.provider },
    );
    expect(listed.body.items.map((s) => s.id).sort()).toEqual([...first.listingIds].sort());
    expect(listed.body.items.filter((s) => s.visibility === "private")).toHaveLength(1);
    expect(listed.body.items.every((s) => !s.disabled)).toBe(true);

    const privateListing = listed.body.items.find((s) => s.visibility === "private")?.id;
    const catalogue = await waitFor(
      async () => {
        const page = await call<{ items: { listings: { listingId: string }[] }[] }>(
          "GET",
          `/marketplace/marketplace-items?marketplaceInstanceId=${first.instanceId}&page=1&pageSize=100`,
          { token: tokens.developer },
        );
        return page.status === 200 && page.body.items.length === first.itemIds.length - 1 ? page : undefined;
      },
      { timeoutMs: 30_000, what: "the public catalogue to show every demo item with a public listing" },
    );
    const shown = catalogue.body.items.flatMap((item) => item.listings.map((l) => l.listingId));
    expect(shown).not.toContain(privateListing);
    expect(shown).toHaveLength(first.listingIds.length - 1);
  }, 240_000);
});
