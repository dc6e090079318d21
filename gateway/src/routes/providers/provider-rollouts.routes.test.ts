import { ConflictError, NotFoundError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { PurchasesClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, useTestApp } from "../../testing/test-kit";

const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const ROLLOUT = "0193a1b2-0000-7000-8000-0000000000f1";
const MISSING = "0193a1b2-0000-7000-8000-0000000000f2";
const rollout = {
  rolloutId: ROLLOUT,
  marketplaceItemId: ITEM,
  version: "1.2.0+00000009",
  status: "running",
  counts: { total: 3, skipped: 1, queued: 1, inProgress: 1, succeeded: 0, failed: 0, cancelled: 0 },
  currentWave: 1,
  waveCount: 2,
  firstWave: 1,
  growth: 2,
  failureThresholdPercent: 10,
  maxInFlight: 50,
  createdAt: "2026-11-28T12:00:00Z",
  updatedAt: "2026-11-28T12:00:00Z",
  finishedAt: "",
  lastEventId: "3",
};
const event = (id: number, type: string, data: object) => ({
  id: String(id),
  type,
  data: JSON.stringify(data),
  at: "2026-11-28T12:00:00Z",
});
/** Events purchases holds; the stream ends after the fifth. */
const EVENTS = [
  event(1, "rollout-created", { status: "running" }),
  event(2, "wave-started", { wave: 1 }),
  event(3, "device-updated", { deviceId: "0123456789abcdef", status: "in_progress" }),
  event(4, "device-updated", { deviceId: "0123456789abcdef", status: "succeeded" }),
  event(5, "rollout-completed", { status: "completed" }),
];
let polls = 0;

const purchases = fakeUpstream<PurchasesClient>((method, request) => {
  if (request.rolloutId === MISSING) throw new NotFoundError("Rollout");
  if (method === "createRollout" && request.version === "9.9.9")
    throw new ConflictError("request-id-reused", "Request id retry-9 already created another rollout.", {
      extensions: { rolloutId: ROLLOUT },
    });
  switch (method) {
    case "listRolloutEvents": {
      // New events appear while the stream is open: 1..3 at first, then the rest.
      const visible = polls++ === 0 ? 3 : 5;
      const after = Number(request.afterId);
      return {
        items: EVENTS.slice(0, visible).filter((e) => Number(e.id) > after),
        status: visible === 5 ? "completed" : "running",
        lastEventId: String(visible),
        ended: visible === 5,
      };
    }
    case "listRollouts":
      return { items: [rollout], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
    case "listRolloutDevices":
      return {
        items: [
          {
            deviceId: "0123456789abcdef",
            status: "skipped",
            wave: 0,
            skipReason: "not-purchased",
            failureCode: "",
            detail: "",
            installId: "",
            rpcId: "",
            startedAt: "",
            finishedAt: "",
          },
        ],
        page: 1,
        pageSize: 20,
        totalCount: 1,
        totalPages: 1,
      };
    default:
      return rollout;
  }
});

const send = async (
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(["provider"])}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { purchases: purchases.client }),
});

describe("provider rollout routes", () => {
  it("creates a rollout: 201 with its Location, defaults filled in", async () => {
    const response = await send("POST", "/marketplace/providers/rollouts", {
      marketplaceItemId: ITEM.toUpperCase(),
      version: "1.2.0+00000009",
      deviceIds: ["0123456789ABCDEF"],
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe(`/marketplace/providers/rollouts/${ROLLOUT}`);
    expect(response.json()).toMatchObject({
      rolloutId: ROLLOUT,
      status: "running",
      finishedAt: null,
      lastEventId: 3,
      createdAt: "2026-11-28T12:00:00.000Z",
    });
    expect(purchases.calls.at(-1)?.request).toEqual({
      marketplaceItemId: ITEM,
      version: "1.2.0+00000009",
      deviceIds: ["0123456789ABCDEF"],
      boardId: "",
      firstWave: 1,
      growth: 2,
      failureThresholdPercent: 10,
      maxInFlight: 50,
    });
  });

  it("creates under the client's X-Request-Id, and answers 409 request-id-reused naming the rollout", async () => {
    const create = (version: string) =>
      send(
        "POST",
        "/marketplace/providers/rollouts",
        { marketplaceItemId: ITEM, version, deviceIds: ["0123456789abcdef"] },
        { "x-request-id": "retry-9" },
      );
    expect((await create("1.2.0+00000009")).statusCode).toBe(201);
    // purchases does a creation once per request id: it must be the client's, not a new one
    expect(purchases.calls.at(-1)!.ctx.requestId).toBe("retry-9");
    const reused = await create("9.9.9");
    expect(reused.statusCode).toBe(409);
    expect(reused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(reused.json()).toMatchObject({ code: "request-id-reused", rolloutId: ROLLOUT });
  });

  it("refuses a bad body with 400 naming the field", async () => {
    const cases: Array<[object, string]> = [
      [{ deviceIds: ["0123456789abcdef"], boardId: ITEM }, "body.boardId"],
      [{ deviceIds: [] }, "body.deviceIds"],
      [{ deviceIds: ["xyz"] }, "body.deviceIds.0"],
      [{ firstWave: 0 }, "body.firstWave"],
      [{ growth: 0.5 }, "body.growth"],
      [{ failureThresholdPercent: 101 }, "body.failureThresholdPercent"],
      [{ maxInFlight: 1001 }, "body.maxInFlight"],
      [{ extra: 1 }, "body"],
    ];
    for (const [body, field] of cases) {
      const response = await send("POST", "/marketplace/providers/rollouts", {
        marketplaceItemId: ITEM,
        version: "1.2.0",
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(Object.keys(response.json().errors ?? {}).join(","), JSON.stringify(body)).toContain(field);
    }
  });

  it("lists rollouts and devices: empty strings become null", async () => {
    expect((await send("GET", "/marketplace/providers/rollouts?status=running")).json().items).toHaveLength(
      1,
    );
    expect(purchases.calls.at(-1)?.request).toMatchObject({ status: "running", page: 1, pageSize: 20 });
    const devices = await send("GET", `/marketplace/providers/rollouts/${ROLLOUT}/devices`);
    expect(devices.json().items[0]).toEqual({
      deviceId: "0123456789abcdef",
      status: "skipped",
      wave: null,
      skipReason: "not-purchased",
      failureCode: null,
      detail: null,
      installId: null,
      rpcId: null,
      startedAt: null,
      finishedAt: null,
    });
  });

  it("streams events as text/event-stream until the rollout ends, resuming after Last-Event-ID", async () => {
    polls = 0;
    const response = await send("GET", `/marketplace/providers/rollouts/${ROLLOUT}/events`, undefined, {
      "last-event-id": "1",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const ids = [...response.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([2, 3, 4, 5]);
    expect(response.body).toContain(
      'event: device-updated\ndata: {"deviceId":"0123456789abcdef","status":"succeeded","at":"2026-11-28T12:00:00.000Z"}\n\n',
    );
    // The second poll asked after the last event the first sent.
    const asked = purchases.calls
      .filter((c) => c.method === "listRolloutEvents")
      .map((c) => c.request.afterId);
    expect(asked.slice(-2)).toEqual([1, 3]);
  });

  it("another organisation's (or a missing) rollout is a 404 problem before any event", async () => {
    for (const path of ["", "/devices", "/events"]) {
      const response = await send("GET", `/marketplace/providers/rollouts/${MISSING}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"]).toContain("application/problem+json");
    }
    expect((await send("POST", `/marketplace/providers/rollouts/${MISSING}/cancel`)).statusCode).toBe(404);
    const bad = await send("GET", `/marketplace/providers/rollouts/${ROLLOUT}/events`, undefined, {
      "last-event-id": "x",
    });
    expect(bad.statusCode).toBe(400);
  });
});
