import { demoApi } from "@mp/local/demo-api";
import { linkApplication } from "@mp/local/demo-items";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetSteps } from "./assets";
import { expectProblem, type HttpResult, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Selling, through the gateway against the launched stack: a developer publishes an item, the instance's
 * admin offers it, a provider lists it; the public catalogue and the provider's offered items (read
 * models the catalogue builds from publishing's, assets' and listings' events) follow every change:
 * visibility, a new price, withdrawal and re-offering, unpublishing, republishing and retirement.
 */
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { developer: string; provider: string; admin: string };
let providerOrg: string;
let instanceId: string;
let itemId: string;
const logs: string[] = [];

type ListedItem = {
  id: string;
  displayName: string;
  iconUrl: string | null;
  fromPrice: { amount: number; currency: string };
  listings: { listingId: string; providerOrganisationId: string; price: { amount: number } }[];
};
type OfferedItem = {
  id: string;
  listed: boolean;
  offeredAt: string;
  releases: { status: string }[];
};

beforeAll(async () => {
  stack = await startTestStack(logs);
  call = httpClient(stack.gatewayUrl);
  const { developer, provider, admin } = stack.credentials;
  tokens = { developer: developer.token, provider: provider.token, admin: admin.token };
  providerOrg = provider.organisationId;
  const instance = await call("POST", "/marketplace/instances", {
    token: tokens.admin,
    body: { name: "Selling", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  instanceId = instance.body.id as string;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const item = () => `/marketplace/developers/marketplace-items/${itemId}`;
const listedUrl = () => `/marketplace/marketplace-items/${itemId}?marketplaceInstanceId=${instanceId}`;
const catalogueUrl = (search: string) =>
  `/marketplace/marketplace-items?marketplaceInstanceId=${instanceId}&search=${encodeURIComponent(search)}`;

async function ok<T = Record<string, unknown>>(result: Promise<HttpResult<T>>, status = 200): Promise<T> {
  const answer = await result;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

/** The catalogue's read models follow events: wait until `check` holds for what a read answers. */
function eventually<T>(
  read: () => Promise<HttpResult<T>>,
  check: (answer: HttpResult<T>) => boolean,
  what: string,
) {
  return waitFor(
    async () => {
      const answer = await read();
      return check(answer) ? answer : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 200, what },
  );
}

const readListed = () => call<ListedItem>("GET", listedUrl(), { token: tokens.developer });
const readOffered = () =>
  call<OfferedItem>("GET", `/marketplace/providers/marketplace-items/${itemId}`, { token: tokens.provider });
const listedWhen = (check: (item: ListedItem) => boolean, what: string) =>
  eventually(readListed, (a) => a.status === 200 && check(a.body), what).then((a) => a.body);
const unlisted = (what: string) => eventually(readListed, (a) => a.status === 404, what);

function offer(): Promise<{ id: string }> {
  return ok(
    call("POST", `/marketplace/instances/${instanceId}/offerings`, {
      token: tokens.admin,
      body: { marketplaceItemId: itemId },
    }),
  );
}

function list(amount: number, visibility?: "public" | "private"): Promise<{ id: string }> {
  return ok(
    call("POST", `/marketplace/providers/listings/${itemId}`, {
      token: tokens.provider,
      body: {
        marketplaceInstanceId: instanceId,
        price: { amount, currency: "EUR" },
        ...(visibility ? { visibility } : {}),
      },
    }),
  );
}

const setVisibility = (listingId: string, visibility: "public" | "private") =>
  ok(
    call("POST", `/marketplace/providers/listings/${listingId}/visibility`, {
      token: tokens.provider,
      body: { visibility },
    }),
    204,
  );

const changeStatus = (action: "publish" | "unpublish" | "retire") =>
  ok(call("POST", `${item()}/${action}`, { token: tokens.developer }));

describe("selling journey: publish, offer, list, and the catalogues following", () => {
  it("publishes an item with an icon and an available release", async () => {
    const apps = await ok<{ items: { applicationId: number }[] }>(
      call(
        "GET",
        `/marketplace/developers/infuse-iot/applications?marketplaceInstanceId=${instanceId}&limit=10&offset=0`,
        { token: tokens.developer },
      ),
    );
    const applicationId = apps.items[0]!.applicationId;
    itemId = (await linkApplication(demoApi(stack.gatewayUrl), tokens.developer, instanceId, applicationId))
      .id;
    await ok(
      call("POST", `${item()}/metadata`, {
        token: tokens.developer,
        body: { displayName: "Vibration Sentinel", description: "Spots bearing wear in pumps." },
      }),
    );
    const icon = await assetSteps(call, tokens.developer).readyAsset("icon", "image/png", 256, 256);
    await ok(call("POST", `${item()}/icon`, { token: tokens.developer, body: { assetId: icon } }));
    const releases = await ok<{ items: { releaseId: string }[] }>(
      call(
        "GET",
        `/marketplace/developers/infuse-iot/applications/${applicationId}/releases?limit=1&offset=0`,
        {
          token: tokens.developer,
        },
      ),
    );
    await ok(
      call("POST", `${item()}/infuse-iot-releases`, {
        token: tokens.developer,
        body: { releaseId: releases.items[0]!.releaseId },
      }),
    );
    await eventually(
      () => call<{ items: { status: string }[] }>("GET", `${item()}/releases`, { token: tokens.developer }),
      (a) => a.body.items?.some((r) => r.status === "available") ?? false,
      "the release to be available",
    );
    await ok(
      call("POST", `${item()}/price`, { token: tokens.developer, body: { amount: 1000, currency: "EUR" } }),
    );
    await changeStatus("publish");
    // published, but neither offered nor listed: in no catalogue
    expectProblem(await readListed(), 404, "not-found");
    expectProblem(await readOffered(), 404, "not-found");
  });

  it("offers it: providers see it, not listed by them yet, with its available release", async () => {
    await offer();
    const offered = await eventually(
      readOffered,
      (a) => a.status === 200,
      "the offering to reach the catalogue",
    );
    expect(offered.body).toMatchObject({ id: itemId, listed: false });
    expect(offered.body.releases.map((r) => r.status)).toEqual(["available"]);
    expectProblem(await readListed(), 404, "not-found");
  });

  let first: { id: string };
  it("lists it: visible in the public catalogue and listed for the provider", async () => {
    first = await list(2000);
    const listed = await listedWhen((i) => i.listings.length === 1, "the listing to reach the catalogue");
    expect(listed).toMatchObject({
      id: itemId,
      displayName: "Vibration Sentinel",
      fromPrice: { amount: 2000, currency: "EUR" },
      listings: [{ listingId: first.id, providerOrganisationId: providerOrg, price: { amount: 2000 } }],
    });
    expect(listed.iconUrl).toMatch(/^http/);
    const icon = await fetch(listed.iconUrl!);
    expect(icon.status).toBe(200);
    const found = await ok<{ items: { id: string }[] }>(
      call("GET", catalogueUrl("vibraton"), { token: tokens.developer }),
    );
    expect(found.items.map((i) => i.id)).toContain(itemId);
    await eventually(readOffered, (a) => a.body.listed === true, "listed: true for the provider");
  });

  it("set private: gone from the catalogue; public again: back", async () => {
    await setVisibility(first.id, "private");
    await unlisted("the private listing to leave the catalogue");
    const search = await ok<{ items: unknown[] }>(
      call("GET", catalogueUrl("vibration"), { token: tokens.developer }),
    );
    expect(search.items).toEqual([]);
    expect((await readOffered()).body.listed).toBe(true);
    await setVisibility(first.id, "public");
    await listedWhen((i) => i.listings[0]?.listingId === first.id, "the listing to be public again");
  });

  it("a new price supersedes the listing; the old one is in the history", async () => {
    const second = await list(2500);
    const listed = await listedWhen(
      (i) => i.listings.length === 1 && i.listings[0]!.listingId === second.id,
      "the new price to supersede the old",
    );
    expect(listed.fromPrice).toEqual({ amount: 2500, currency: "EUR" });
    const history = await ok<{ items: { id: string; disabled: boolean; supersededAt: string | null }[] }>(
      call("GET", `/marketplace/providers/listings/${itemId}/history?marketplaceInstanceId=${instanceId}`, {
        token: tokens.provider,
      }),
    );
    expect(history.items.map((l) => l.id)).toContain(first.id);
    expect(history.items.find((l) => l.id === first.id)).toMatchObject({ disabled: true });
  });

  it("withdrawing the offering disables the listing and hides the item; re-offering and re-listing bring it back", async () => {
    const offerings = await ok<{
      items: { id: string; marketplaceItemId: string; withdrawnAt: string | null }[];
    }>(call("GET", `/marketplace/instances/${instanceId}/offerings?pageSize=100`, { token: tokens.admin }));
    const active = offerings.items.find((o) => o.marketplaceItemId === itemId && o.withdrawnAt === null);
    await ok(
      call("DELETE", `/marketplace/instances/${instanceId}/offerings/${active!.id}`, { token: tokens.admin }),
      204,
    );
    await unlisted("the withdrawn offering's listing to leave the catalogue");
    await eventually(readOffered, (a) => a.status === 404, "the withdrawn item to leave the offered items");
    const current = await call<{ disabled: boolean }>(
      "GET",
      `/marketplace/providers/listings/${itemId}?marketplaceInstanceId=${instanceId}`,
      { token: tokens.provider },
    );
    // the disabled listing is either still the current one (disabled) or no longer current at all
    if (current.status === 200) expect(current.body.disabled).toBe(true);
    else expectProblem(current, 404, "not-found");

    await offer();
    await eventually(
      readOffered,
      (a) => a.status === 200 && a.body.listed === false,
      "the item offered again",
    );
    const third = await list(3000);
    await listedWhen((i) => i.listings[0]?.listingId === third.id, "the new listing in the catalogue");
    await eventually(readOffered, (a) => a.body.listed === true, "listed again for the provider");
  });

  it("unpublishing hides it, republishing shows it, retiring removes it for good", async () => {
    await changeStatus("unpublish");
    await unlisted("the unpublished item to leave the catalogue");
    await changeStatus("publish");
    await listedWhen((i) => i.id === itemId, "the republished item back in the catalogue");
    await changeStatus("retire");
    await unlisted("the retired item to leave the catalogue");
    await eventually(readOffered, (a) => a.status === 404, "the retired item to leave the offered items");
    expectProblem(await call("POST", `${item()}/publish`, { token: tokens.developer }), 409, "invalid-state");
    const search = await ok<{ items: unknown[] }>(
      call("GET", catalogueUrl("sentinel"), { token: tokens.developer }),
    );
    expect(search.items).toEqual([]);
  });
});
