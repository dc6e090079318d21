import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { DEMO_APPLICATIONS, DEMO_BOARDS, demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import { chargeRefunded } from "@mp/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyForDevice, listedAssetTracker, notifyStripe } from "./bought-item";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Devices and installs through the front door: the Asset tracker published with every release, listed,
 * paid for with signed payment notifications; the provider reads its devices, a purchase's releases with
 * their compatibility, installs a version and follows it to the end through the RPC status. The simulated
 * platform's clock is stopped (SIMULATOR_TICK_MS=0): the test settles updates with its control route.
 */
const SECRET = "whsec_e2e_installs_000000000000000";
const provider = DEMO_ORGANISATIONS.provider.id;
const devices = demoSeed().devices.filter((d) => d.organisationId === provider);
const id = (n: number) => devices[n]!.deviceId.toLowerCase();
/** Trackers: running Asset tracker 1.1.0, never reported, flagged to fail updates, one to refund; a sensor. */
const RUNS_11 = id(0);
const REFUNDED = id(1);
const FRESH = id(5);
const FAILS = id(6);
const SENSOR = id(10);
const UNPURCHASED = id(12);
const V12 = "1.2.0+00000009";
const V11 = "1.1.0+00000004";

let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; otherProvider: string };
let itemId: string;
let listingId: string;
const logs: string[] = [];

type Install = {
  installId: string;
  rpcId: string;
  deviceId: string;
  marketplaceItemId: string;
  version: string;
  status: string;
  queuedAt: string;
};
type Rpc = Omit<Install, "queuedAt"> & {
  detail: string | null;
  attemptCount: number;
  updatedAt: string;
  history: { status: string; at: string }[];
};

const notify = (event: Parameters<typeof notifyStripe>[2]) => notifyStripe(stack, SECRET, event);
/** A test-mode payment of the listing for the device, once its purchase exists; resolves to the intent. */
const buy = (deviceId: string) => buyForDevice(stack, SECRET, listingId, deviceId);

const install = (deviceId: string, version: string, token = tokens.provider) =>
  call<Install>("POST", `/marketplace/providers/devices/${deviceId}/purchases/${itemId}/install`, {
    token,
    body: { version },
  });
const rpc = (rpcId: string, token = tokens.provider) =>
  call<Rpc>("GET", `/marketplace/providers/rpc/${rpcId}`, { token });
const untilRpc = (rpcId: string, status: string) =>
  waitFor(
    async () => {
      const answer = await rpc(rpcId);
      return answer.body.status === status ? answer.body : undefined;
    },
    { what: `rpc ${rpcId} ${status}`, timeoutMs: 30_000 },
  );
async function advance(deviceId: string, outcome?: "success" | "failed") {
  const response = await fetch(`${stack.simulatorUrl}/__simulator/updates/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ deviceId, ...(outcome ? { outcome } : {}) }),
  });
  expect(response.status, await response.text()).toBe(200);
}

beforeAll(async () => {
  stack = await startTestStack(logs, {
    STRIPE_WEBHOOK_SECRET: SECRET,
    SIMULATOR_TICK_MS: "0",
    INSTALL_POLL_MS: "200",
  });
  call = httpClient(stack.gatewayUrl);
  tokens = {
    provider: stack.credentials.provider.token,
    otherProvider: await stack.signToken({
      org: "0193a5d0-0000-7000-8000-0000000000fe",
      roles: ["provider"],
    }),
  };
  const listed = await listedAssetTracker(stack, "Installs");
  expect(listed.releaseIds).toHaveLength(4);
  ({ itemId, listingId } = listed);
  for (const device of [RUNS_11, REFUNDED, FRESH, FAILS, SENSOR]) await buy(device);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe("devices and installs", () => {
  it("lists the provider's devices with board, state, application and purchase count", async () => {
    const list = await call<{
      items: {
        deviceId: string;
        board: { id: string; name: string };
        application: { applicationId: number; version: string } | null;
        lastSeenAt: string | null;
        purchaseCount: number;
      }[];
      limit: number;
      offset: number;
      hasMore: boolean;
    }>("GET", "/marketplace/providers/devices?limit=100&offset=0", { token: tokens.provider });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ limit: 100, offset: 0, hasMore: false });
    expect(list.body.items.map((d) => d.deviceId)).toEqual(devices.map((d) => d.deviceId.toLowerCase()));
    const running = list.body.items.find((d) => d.deviceId === RUNS_11)!;
    expect(running).toMatchObject({
      board: { id: DEMO_BOARDS.tracker, name: "infuse_tracker_v2" },
      application: { applicationId: DEMO_APPLICATIONS.assetTracker, version: V11 },
      purchaseCount: 1,
    });
    expect(running.lastSeenAt).toMatch(/Z$/);
    expect(list.body.items.find((d) => d.deviceId === UNPURCHASED)?.purchaseCount).toBe(0);
    const other = await call<{ items: unknown[] }>("GET", "/marketplace/providers/devices", {
      token: tokens.otherProvider,
    });
    expect(other.status).toBe(200);
    expect(other.body.items).toEqual([]);
  });

  it("shows a purchased device's details; a device without a purchase or of another organisation is 404", async () => {
    const details = await call<{
      deviceId: string;
      state: { application: unknown; lastSeenAt: string | null; lastRoute: string | null };
      purchases: { marketplaceItemId: string; status: string }[];
      installs: unknown[];
    }>("GET", `/marketplace/providers/devices/${RUNS_11.toUpperCase()}/details`, { token: tokens.provider });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      deviceId: RUNS_11,
      state: { application: { version: V11 }, lastRoute: "udp" },
    });
    expect(details.body.purchases.map((p) => [p.marketplaceItemId, p.status])).toEqual([
      [itemId, "completed"],
    ]);
    expectProblem(
      await call("GET", `/marketplace/providers/devices/${UNPURCHASED}/details`, { token: tokens.provider }),
      404,
      "not-found",
    );
    expectProblem(
      await call("GET", `/marketplace/providers/devices/${RUNS_11}/details`, { token: tokens.otherProvider }),
      404,
      "not-found",
    );
  });

  it("lists a purchase's releases with their compatibility with the device", async () => {
    const page = await call<{
      items: {
        version: string;
        board: { id: string };
        compatibility: string;
        reason?: string;
        releaseId: string;
      }[];
      totalCount: number;
    }>(
      "GET",
      `/marketplace/providers/devices/${RUNS_11}/purchases/${itemId}/releases?pageSize=100&orderBy=version`,
      {
        token: tokens.provider,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(4);
    const of = (version: string, board: string) =>
      page.body.items.find((r) => r.version === version && r.board.id === board);
    expect(of(V11, DEMO_BOARDS.tracker)?.compatibility).toBe("installed");
    expect(of(V12, DEMO_BOARDS.tracker)?.compatibility).toBe("compatible");
    expect(of(V12, DEMO_BOARDS.sensor)).toMatchObject({
      compatibility: "incompatible",
      reason: "board-mismatch",
    });
    expect(of("1.0.0+00000001", DEMO_BOARDS.tracker)?.compatibility).toBe("compatible");
    expectProblem(
      await call("GET", `/marketplace/providers/devices/${UNPURCHASED}/purchases/${itemId}/releases`, {
        token: tokens.provider,
      }),
      404,
      "not-found",
    );
  });

  it("installs a version and follows it to succeeded; a repeated request while in flight is the same install", async () => {
    const first = await install(FRESH, V12);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      deviceId: FRESH,
      marketplaceItemId: itemId,
      version: V12,
      status: "queued",
    });
    const again = await install(FRESH.toUpperCase(), V12);
    expect(again.body.installId).toBe(first.body.installId);
    expect(again.body.rpcId).toBe(first.body.rpcId);
    const queued = await rpc(first.body.rpcId);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ installId: first.body.installId, status: "queued" });
    await advance(FRESH, "success");
    const done = await untilRpc(first.body.rpcId, "succeeded");
    expect(done.history.map((h) => h.status)).toEqual(expect.arrayContaining(["queued", "succeeded"]));
    expect(done.history.at(-1)?.status).toBe("succeeded");
    expect(done.detail).toBeNull();
    const details = await call<{ installs: Install[] }>(
      "GET",
      `/marketplace/providers/devices/${FRESH}/details`,
      {
        token: tokens.provider,
      },
    );
    expect(details.body.installs.map((i) => [i.installId, i.status])).toEqual([
      [first.body.installId, "succeeded"],
    ]);
    const activity = await call<{ items: { kind: string; deviceId: string }[] }>(
      "GET",
      "/marketplace/providers/purchases/activity?limit=500",
      { token: tokens.provider },
    );
    expect(activity.body.items.some((e) => e.kind === "install" && e.deviceId === FRESH)).toBe(true);
    expectProblem(await rpc(first.body.rpcId, tokens.otherProvider), 404, "not-found");
  });

  it("a device flagged to fail ends failed, with the platform's error as detail", async () => {
    const queued = await install(FAILS, V12);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await advance(FAILS);
    const failed = await untilRpc(queued.body.rpcId, "failed");
    expect(failed.detail).toBeTruthy();
  });

  it("refuses a release for another board, a refunded purchase, and another organisation's device", async () => {
    expectProblem(await install(SENSOR, V11), 409, "release-incompatible");
    expectProblem(await install(FRESH, "9.9.9+00000000"), 404, "not-found");
    const pi = (
      await call<{ items: { paymentReference: string }[] }>(
        "GET",
        `/marketplace/providers/purchases?deviceId=${REFUNDED}`,
        {
          token: tokens.provider,
        },
      )
    ).body.items[0]!.paymentReference;
    await notify(
      chargeRefunded({ paymentIntentId: pi, amount: 2500, amountRefunded: 2500, currency: "EUR" }),
    );
    await waitFor(
      async () => {
        const page = await call<{ items: { status: string }[] }>(
          "GET",
          `/marketplace/providers/purchases?deviceId=${REFUNDED}`,
          { token: tokens.provider },
        );
        return page.body.items[0]?.status === "refunded" ? true : undefined;
      },
      { what: "the refund", timeoutMs: 30_000 },
    );
    expectProblem(await install(REFUNDED, V12), 409, "purchase-not-active");
    expectProblem(await install(RUNS_11, V12, tokens.otherProvider), 404, "not-found");
  });
});
