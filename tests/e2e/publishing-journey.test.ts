import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetSteps } from "./assets";
import { expectProblem, type HttpResult, httpClient } from "./http";
import { pngBytes } from "./images";
import { startTestStack } from "./stack";

/**
 * The developer's publishing journey through the gateway, against the launched stack: the Infuse-IoT
 * simulator with its demo seed, iot-adapter, assets (s3rver through real presigned URLs), publishing.
 */
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let developer: string;
let instanceId: string;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack(logs);
  call = httpClient(stack.gatewayUrl);
  developer = stack.credentials.developer.token;
  assets = assetSteps(call, developer);
  const instance = await call("POST", "/marketplace/instances", {
    token: stack.credentials.admin.token,
    body: { name: "Journey", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  instanceId = instance.body.id as string;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** The developer's asset steps (tests/e2e/assets.ts), bound in beforeAll. */
let assets: ReturnType<typeof assetSteps>;
const upload: ReturnType<typeof assetSteps>["upload"] = (...args) => assets.upload(...args);
const finalise: ReturnType<typeof assetSteps>["finalise"] = (...args) => assets.finalise(...args);
const readyAsset: ReturnType<typeof assetSteps>["readyAsset"] = (...args) => assets.readyAsset(...args);

/**
 * Publishing learns of the new instance from an event a moment after it is created; until then a link
 * answers 404, so a 404 is retried for up to 30 s and any other answer returned as it is.
 */
async function linkItem(applicationId: number): Promise<HttpResult> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await call(
      "POST",
      `/marketplace/developers/infuse-iot/applications/${applicationId}/marketplace-item`,
      { token: developer, body: { marketplaceInstanceId: instanceId } },
    );
    if (answer.status !== 404 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function applications() {
  const listed = await call<{
    items: { applicationId: number; name: string; marketplaceItemId?: string }[];
    hasMore: boolean;
  }>(
    "GET",
    `/marketplace/developers/infuse-iot/applications?marketplaceInstanceId=${instanceId}&limit=50&offset=0`,
    { token: developer },
  );
  expect(listed.status).toBe(200);
  return listed.body.items;
}

describe("developer publishing journey", () => {
  it("links an application, describes it, adds media and a release, prices and publishes it", async () => {
    const apps = await applications();
    expect(apps.length).toBeGreaterThanOrEqual(3);
    const app = apps[0]!;

    const created = await linkItem(app.applicationId);
    expect(created.status).toBe(200);
    const item = created.body as { id: string; status: string; metadata: { displayName: string } };
    expect(item.status).toBe("draft");
    expect(item.metadata.displayName).toBe(app.name);
    expectProblem(await linkItem(app.applicationId), 409, "already-linked");
    const relisted = await applications();
    expect(relisted.find((a) => a.applicationId === app.applicationId)?.marketplaceItemId).toBe(item.id);

    const base = `/marketplace/developers/marketplace-items/${item.id}`;
    const described = await call("POST", `${base}/metadata`, {
      token: developer,
      body: {
        displayName: "Tracker Pro",
        description: "Tracks things.",
        licenseUrl: "https://example.com/licence",
      },
    });
    expect(described.status).toBe(200);
    expect(described.body.metadata).toMatchObject({
      displayName: "Tracker Pro",
      description: "Tracks things.",
    });

    const icon = await readyAsset("icon", "image/png", 256, 256);
    const first = await readyAsset("image", "image/png", 640, 360);
    const second = await readyAsset("image", "image/jpeg", 800, 600);
    expect((await call("POST", `${base}/icon`, { token: developer, body: { assetId: icon } })).status).toBe(
      200,
    );
    expect(
      (await call("POST", `${base}/images`, { token: developer, body: { assetId: first } })).status,
    ).toBe(200);
    const two = await call<{ assetId: string; position: number }[]>("POST", `${base}/images`, {
      token: developer,
      body: { assetId: second },
    });
    expect(two.body.map((i) => i.assetId)).toEqual([first, second]);
    const reordered = await call<{ assetId: string; position: number; url: string }[]>(
      "PUT",
      `${base}/images/order`,
      {
        token: developer,
        body: { assetIds: [second, first] },
      },
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((i) => [i.assetId, i.position])).toEqual([
      [second, 0],
      [first, 1],
    ]);

    const releases = await call<{ items: { releaseId: string; version: string }[] }>(
      "GET",
      `/marketplace/developers/infuse-iot/applications/${app.applicationId}/releases?limit=10&offset=0`,
      { token: developer },
    );
    expect(releases.status).toBe(200);
    const release = releases.body.items[0]!;
    const selected = await call("POST", `${base}/infuse-iot-releases`, {
      token: developer,
      body: { releaseId: release.releaseId },
    });
    expect(selected.status).toBe(200);
    expect(selected.body).toMatchObject({
      infuseIotReleaseId: release.releaseId,
      version: release.version,
      status: "preparing",
    });
    const available = await waitFor(
      async () => {
        const page = await call<{ items: { status: string; sha256: string }[] }>(
          "GET",
          `${base}/releases?page=1&pageSize=20`,
          { token: developer },
        );
        return page.body.items?.find((r) => r.status === "available");
      },
      { timeoutMs: 30_000, intervalMs: 250, what: "the release copy to be stored" },
    );
    expect(available.sha256).toMatch(/^[0-9a-f]{64}$/);

    const price = await call("POST", `${base}/price`, {
      token: developer,
      body: { amount: 1999, currency: "EUR" },
    });
    expect(price.status).toBe(200);
    expect(price.body).toMatchObject({ amount: 1999, currency: "EUR" });

    const published = await call("POST", `${base}/publish`, { token: developer });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: "published", readiness: { ready: true, unmet: [] } });
  });

  it("refuses to publish an item that is not ready, naming all three unmet reasons", async () => {
    const app = (await applications())[1]!;
    const created = await linkItem(app.applicationId);
    expect(created.status).toBe(200);
    const base = `/marketplace/developers/marketplace-items/${created.body.id}`;
    expect(
      (await call("POST", `${base}/metadata`, { token: developer, body: { displayName: null } })).status,
    ).toBe(200);
    const refused = await call("POST", `${base}/publish`, { token: developer });
    expectProblem(refused, 409, "item-not-ready");
    expect(refused.body.unmet).toEqual(["displayName", "basePrice", "release"]);
  });

  it("rejects a finalise whose width, size or type does not match the stored object", async () => {
    const bytes = pngBytes(400, 400);
    const wrongWidth = await upload("image", "image/png", bytes);
    expectProblem(
      await finalise(wrongWidth, { sizeBytes: bytes.length, width: 401, height: 400 }),
      409,
      "asset-invalid",
    );
    const wrongSize = await upload("image", "image/png", bytes);
    expectProblem(
      await finalise(wrongSize, { sizeBytes: bytes.length + 1, width: 400, height: 400 }),
      409,
      "asset-invalid",
    );
    const pngAsJpeg = await upload("image", "image/jpeg", bytes);
    expectProblem(
      await finalise(pngAsJpeg, { sizeBytes: bytes.length, width: 400, height: 400 }),
      409,
      "asset-invalid",
    );
  });

  it("refuses a ninth gallery image", async () => {
    const app = (await applications())[2]!;
    const created = await linkItem(app.applicationId);
    const base = `/marketplace/developers/marketplace-items/${created.body.id}`;
    for (let n = 0; n < 8; n++) {
      const assetId = await readyAsset("image", "image/png", 320, 320);
      expect((await call("POST", `${base}/images`, { token: developer, body: { assetId } })).status).toBe(
        200,
      );
    }
    const ninth = await readyAsset("image", "image/png", 320, 320);
    expectProblem(
      await call("POST", `${base}/images`, { token: developer, body: { assetId: ninth } }),
      409,
      "gallery-full",
    );
  });

  it("keeps providers off developer routes and other developers off the item", async () => {
    const listed = await call<{ items: { id: string }[] }>(
      "GET",
      "/marketplace/developers/marketplace-items?page=1&pageSize=10",
      { token: developer },
    );
    const itemId = listed.body.items[0]!.id;
    const path = `/marketplace/developers/marketplace-items/${itemId}`;
    expectProblem(await call("GET", path, { token: stack.credentials.provider.token }), 403, "forbidden");
    const stranger = await stack.signToken({
      org: "0193a5d0-0000-7000-8000-00000000beef",
      roles: ["developer"],
    });
    expectProblem(await call("GET", path, { token: stranger }), 404, "not-found", path);
  });

  it("answers 503 upstream-unavailable, not 500, while the IoT platform is down", async () => {
    const simulatorUrl = stack.simulatorUrl;
    expect(simulatorUrl).toBeTruthy();
    await fetch(`${simulatorUrl}/__simulator/outage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 503 }),
    });
    try {
      const path = `/marketplace/developers/infuse-iot/applications`;
      const down = await call("GET", `${path}?marketplaceInstanceId=${instanceId}&limit=10&offset=0`, {
        token: developer,
      });
      expectProblem(down, 503, "upstream-unavailable");
      expect(down.headers.get("retry-after")).toBeTruthy();
    } finally {
      await fetch(`${simulatorUrl}/__simulator/outage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: 0 }),
      });
    }
  });
});
