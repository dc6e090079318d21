import { describe, expect, it } from "vitest";
import { EXIT } from "./exit-codes";
import { json, runMkt } from "./testing/run-mkt";

const ID = "0193a5d0-7f00-7000-8000-00000000a001";
const counts = (over: Record<string, number> = {}) => ({
  total: 4,
  skipped: 1,
  queued: 3,
  inProgress: 0,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
  ...over,
});
const rollout = (status: string, over: Record<string, number> = {}) => ({
  rolloutId: ID,
  marketplaceItemId: "item",
  version: "1.2.0",
  status,
  counts: counts(over),
  currentWave: 1,
  waveCount: 2,
  lastEventId: 0,
});

const sse = (events: [number, string, object][]) =>
  events.map(([id, event, data]) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");

/** `mkt rollout ...` against a fake gateway answering the rollout routes; records the requests. */
type Stream = string | ((request: Request) => ReadableStream<Uint8Array>);

async function mktRollout(args: string[], streams: Stream[], final: object) {
  const seen: Request[] = [];
  let reads = 0;
  const run = await runMkt(args, { MKT_URL: "http://gateway.test", MKT_TOKEN: "t" }, async (input) => {
    const request = input as Request;
    seen.push(request);
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/marketplace/providers/rollouts")
      return json(rollout("running"), 201);
    if (path.endsWith("/events")) {
      const next = streams.shift() ?? "";
      const body = typeof next === "string" ? next : next(request);
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    // `follow` reads the rollout first (running), then once more at the end.
    return json(reads++ === 0 && args.includes("follow") ? rollout("running") : final);
  });
  return { ...run, seen };
}

describe("mkt rollout", () => {
  it("starts a rollout and follows its events to completion: exit 0", async () => {
    const run = await mktRollout(
      ["rollout", "start", "item", "--version", "1.2.0", "--devices", "a1,a2,a3,a4", "--first-wave", "1"],
      [
        sse([
          [1, "rollout-created", { status: "running", counts: counts(), waveCount: 2 }],
          [2, "wave-started", { wave: 1 }],
          [3, "device-updated", { deviceId: "a1", status: "succeeded" }],
          [4, "wave-started", { wave: 2 }],
          [5, "device-updated", { deviceId: "a2", status: "succeeded" }],
          [6, "device-updated", { deviceId: "a3", status: "succeeded" }],
          [7, "rollout-completed", { status: "completed", counts: counts({ queued: 0, succeeded: 3 }) }],
        ]),
      ],
      rollout("completed", { queued: 0, succeeded: 3 }),
    );
    expect(run.code).toBe(EXIT.ok);
    expect(await run.seen[0]!.clone().json()).toEqual({
      marketplaceItemId: "item",
      version: "1.2.0",
      deviceIds: ["a1", "a2", "a3", "a4"],
      firstWave: 1,
    });
    expect(run.stderr).toContain(`rollout ${ID}: wave 2 of 2 started (1/3 devices)`);
    expect(run.stderr).toContain(`rollout ${ID}: completed (3/3 devices)`);
    expect(run.stdout).toBe(`rollout ${ID} completed: 3 succeeded, 0 failed, 1 skipped\n`);
  });

  it("reconnects with Last-Event-ID when a stream ends before the rollout does", async () => {
    const run = await mktRollout(
      ["--json", "rollout", "follow", ID],
      [
        sse([[1, "rollout-created", { status: "running", counts: counts(), waveCount: 1 }]]),
        sse([[2, "rollout-completed", { status: "completed", counts: counts({ succeeded: 3, queued: 0 }) }]]),
      ],
      rollout("completed", { succeeded: 3, queued: 0 }),
    );
    expect(run.code).toBe(EXIT.ok);
    const events = run.seen.filter((r) => r.url.endsWith("/events"));
    expect(events.map((r) => r.headers.get("last-event-id"))).toEqual([null, "1"]);
    expect(JSON.parse(run.stdout)).toMatchObject({ rolloutId: ID, status: "completed" });
  });

  it("resumes after the last event when the connection drops mid-stream", async () => {
    const first = new TextEncoder().encode(
      sse([[1, "rollout-created", { status: "running", counts: counts(), waveCount: 1 }]]),
    );
    const dropped = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(first);
        },
        pull(controller) {
          controller.error(new TypeError("terminated"));
        },
      });
    const run = await mktRollout(
      ["rollout", "follow", ID],
      [
        dropped,
        sse([[2, "rollout-completed", { status: "completed", counts: counts({ succeeded: 3, queued: 0 }) }]]),
      ],
      rollout("completed", { succeeded: 3, queued: 0 }),
    );
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toContain("stream lost (terminated), resuming after event 1");
    const events = run.seen.filter((r) => r.url.endsWith("/events"));
    expect(events.map((r) => r.headers.get("last-event-id"))).toEqual([null, "1"]);
  });

  it("gives up after --timeout on a stream that stays open: exit 3", async () => {
    const endless = (request: Request) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(": keep-alive\n\n"));
          request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
        },
      });
    const run = await mktRollout(["rollout", "follow", ID, "--timeout", "1"], [endless], rollout("running"));
    expect(run.code).toBe(EXIT.failed);
    expect(run.stderr).toBe(`mkt: Gave up following rollout ${ID} after 1 s.\n`);
  });

  it("stops at a pause with exit 3 and says how to resume", async () => {
    const run = await mktRollout(
      ["rollout", "follow", ID],
      [
        sse([
          [1, "device-updated", { deviceId: "a1", status: "failed", failureCode: "failed" }],
          [2, "rollout-paused", { status: "paused", counts: counts({ failed: 1, queued: 2 }) }],
          [3, "device-updated", { deviceId: "a2", status: "succeeded" }],
        ]),
      ],
      rollout("paused", { failed: 1, queued: 2 }),
    );
    expect(run.code).toBe(EXIT.failed);
    expect(run.stderr).toContain("device a1 failed (failed)");
    expect(run.stdout).toContain(`resume it with: mkt rollout resume ${ID}`);
  });

  it("refuses a growth outside 1..10 before any request", async () => {
    const run = await mktRollout(["rollout", "start", "item", "--version", "1", "--growth", "11"], [], {});
    expect(run).toMatchObject({ code: EXIT.usage, seen: [] });
  });
});

describe("mkt rollout list and devices", () => {
  const page = (items: unknown[]) => ({ items, page: 2, pageSize: 1, totalCount: 3, totalPages: 3 });

  it("lists a page of rollouts with a status filter, one line each", async () => {
    const run = await mktRollout(
      ["rollout", "list", "--status", "paused", "--page", "2", "--page-size", "1"],
      [],
      page([{ ...rollout("paused", { failed: 1 }), createdAt: "2026-11-28T12:00:00.000Z" }]),
    );
    expect(run.code).toBe(EXIT.ok);
    expect(run.seen[0]!.url).toBe(
      "http://gateway.test/marketplace/providers/rollouts?page=2&pageSize=1&status=paused",
    );
    expect(run.stdout).toBe(
      `${ID}  paused  item item 1.2.0  wave 1/2  0 succeeded, 1 failed of 3  2026-11-28T12:00:00.000Z\npage 2 of 3 (3 in all)\n`,
    );
  });

  it("prints a rollout's devices with their wave and skip or failure reason; --json the API's page", async () => {
    const devices = page([
      { deviceId: "a1", status: "succeeded", wave: 1, skipReason: null, failureCode: null, detail: null },
      {
        deviceId: "a2",
        status: "skipped",
        wave: null,
        skipReason: "not-purchased",
        failureCode: null,
        detail: null,
      },
      {
        deviceId: "a3",
        status: "failed",
        wave: 2,
        skipReason: null,
        failureCode: "expired",
        detail: "timed out",
      },
    ]);
    const run = await mktRollout(["rollout", "devices", ID, "--status", "failed"], [], devices);
    expect(run.code).toBe(EXIT.ok);
    expect(new URL(run.seen[0]!.url).pathname).toBe(`/marketplace/providers/rollouts/${ID}/devices`);
    expect(new URL(run.seen[0]!.url).searchParams.get("status")).toBe("failed");
    expect(run.stdout).toBe(
      [
        "a1  succeeded  wave 1",
        "a2  skipped  not-purchased",
        "a3  failed  wave 2  expired  timed out",
        "page 2 of 3 (3 in all)",
        "",
      ].join("\n"),
    );
    const asJson = await mktRollout(["--json", "rollout", "devices", ID], [], devices);
    expect(JSON.parse(asJson.stdout)).toEqual(devices);
  });

  it("resumes and cancels through their routes", async () => {
    for (const action of ["resume", "cancel"]) {
      const run = await mktRollout(["rollout", action, ID], [], rollout("running"));
      expect(run.code).toBe(EXIT.ok);
      expect(run.seen.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
        ["POST", `/marketplace/providers/rollouts/${ID}/${action}`],
      ]);
      expect(run.stdout).toBe(`rollout ${ID} running\n`);
    }
  });
});
