import { type DemoCall, eventually, expectStatus } from "./demo-api";

const ITEMS = "/marketplace/developers/marketplace-items";

interface Application {
  applicationId: number;
  name: string;
  marketplaceItemId?: string;
}

interface Item {
  id: string;
  status: string;
  basePrice: { amount: number; currency: string } | null;
  releaseCount: number;
  latestVersion: string | null;
}

/**
 * Link, price, give a release and publish one IoT application as an item of `instanceId`, through the
 * developer routes; each step is skipped when already done, so a second run changes nothing. Resolves to
 * the published item (a retired item is left as it is). Applications without releases are skipped.
 */
export async function publishApplication(
  call: DemoCall,
  token: string,
  input: { instanceId: string; application: Application; basePrice: { amount: number; currency: string } },
): Promise<Item | undefined> {
  const { application, instanceId } = input;
  let itemId = application.marketplaceItemId;
  if (!itemId) itemId = (await linkApplication(call, token, instanceId, application.applicationId)).id;
  const base = `${ITEMS}/${itemId}`;
  const item = await call<Item>("GET", base, token);
  expectStatus(`reading item ${itemId}`, item, 200);
  if (item.body.status === "published" || item.body.status === "retired") return item.body;
  if (!item.body.basePrice)
    expectStatus("pricing", await call("POST", `${base}/price`, token, input.basePrice), 200);
  if (item.body.releaseCount === 0) {
    const releases = await call<{ items: { releaseId: string }[] }>(
      "GET",
      `/marketplace/developers/infuse-iot/applications/${application.applicationId}/releases?limit=1&offset=0`,
      token,
    );
    expectStatus("listing IoT releases", releases, 200);
    const release = releases.body.items[0];
    if (!release) return undefined;
    const selected = await call("POST", `${base}/infuse-iot-releases`, token, {
      releaseId: release.releaseId,
    });
    expectStatus("selecting a release", selected, 200);
  }
  await eventually(`a release of ${itemId} to be available`, async () => {
    const page = await call<{ items: { status: string }[] }>(
      "GET",
      `${base}/releases?page=1&pageSize=20`,
      token,
    );
    return page.body.items?.some((r) => r.status === "available") ? true : undefined;
  });
  const published = await call<Item>("POST", `${base}/publish`, token);
  expectStatus(`publishing ${itemId}`, published, 200);
  return published.body;
}

/**
 * Link an IoT application as an item of `instanceId`. Publishing learns of a new instance from an event,
 * so right after the instance is created the link may be refused with 404 for a moment: retried until
 * linked.
 */
export async function linkApplication(
  call: DemoCall,
  token: string,
  instanceId: string,
  applicationId: number,
): Promise<Item> {
  return eventually(`publishing to know instance ${instanceId}`, async () => {
    const linked = await call<Item>(
      "POST",
      `/marketplace/developers/infuse-iot/applications/${applicationId}/marketplace-item`,
      token,
      { marketplaceInstanceId: instanceId },
    );
    if (linked.status === 200) return linked.body;
    expectStatus(`linking application ${applicationId}`, linked, 404);
    return undefined;
  });
}

/** The developer's IoT applications, with their item in `instanceId` when linked. */
export async function developerApplications(
  call: DemoCall,
  token: string,
  instanceId: string,
): Promise<Application[]> {
  const listed = await call<{ items: Application[] }>(
    "GET",
    `/marketplace/developers/infuse-iot/applications?marketplaceInstanceId=${instanceId}&limit=50&offset=0`,
    token,
  );
  expectStatus("listing IoT applications", listed, 200);
  return listed.body.items;
}

/**
 * Offer an item as the instance's admin. Listings learns the item's publication from an event, so a
 * fresh publish may be refused (404 or 409) for a moment: retried until it is offered.
 */
export async function offerItem(call: DemoCall, token: string, instanceId: string, itemId: string) {
  return eventually(`listings to let ${itemId} be offered`, async () => {
    const offered = await call<{ id: string }>(
      "POST",
      `/marketplace/instances/${instanceId}/offerings`,
      token,
      {
        marketplaceItemId: itemId,
      },
    );
    if (offered.status === 200) return offered.body;
    expectStatus(`offering ${itemId}`, offered, 404, 409);
    return undefined;
  });
}

/** The provider's current listing of the item, created at `price` when it has none. */
export async function listItem(
  call: DemoCall,
  token: string,
  input: {
    instanceId: string;
    itemId: string;
    price: { amount: number; currency: string };
    visibility: string;
  },
) {
  const path = `/marketplace/providers/listings/${input.itemId}`;
  const current = await call<{ id: string; price: { amount: number; currency: string } }>(
    "GET",
    `${path}?marketplaceInstanceId=${input.instanceId}`,
    token,
  );
  if (current.status === 200) return current.body;
  expectStatus("reading the current listing", current, 404);
  const created = await call<{ id: string; price: { amount: number; currency: string } }>(
    "POST",
    path,
    token,
    {
      marketplaceInstanceId: input.instanceId,
      price: input.price,
      visibility: input.visibility,
    },
  );
  expectStatus(`listing ${input.itemId}`, created, 200);
  return created.body;
}
