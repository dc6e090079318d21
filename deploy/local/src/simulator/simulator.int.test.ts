import { crc32 } from "node:zlib";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ORGANISATIONS } from "../demo";
import { DEMO_APPLICATIONS, DEMO_BOARDS, demoSeed } from "./demo-seed";
import { mismatchFile } from "./release-binary";
import { type RunningSimulator, startSimulator } from "./server";

const KEY = "ik_test_marketplace";
const DEV = DEMO_ORGANISATIONS.developer.id;
const PROVIDER = DEMO_ORGANISATIONS.provider.id;
const ADMIN = DEMO_ORGANISATIONS.admin.id;
const OPERATOR = DEMO_ORGANISATIONS.operator.id;

const seed = demoSeed();
const tampered = mismatchFile(seed.releases[0]!, "crc");
tampered.id = "tampered-release";
tampered.applicationId = DEMO_APPLICATIONS.beacon;
seed.releases.push(tampered);
const beacon = { applicationId: DEMO_APPLICATIONS.beacon };
const redirecting = {
  ...seed.releases[0]!,
  ...beacon,
  id: "redirecting-release",
  downloadRedirect: "https://cdn.example/x",
};
const oversized = { ...mismatchFile(seed.releases[0]!, "oversized"), ...beacon, id: "oversized-release" };
seed.releases.push(redirecting, oversized);

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed, apiKey: KEY, tickMs: 0 });
});
afterAll(() => sim?.stop());

async function api(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; raw: Response }> {
  const headers: Record<string, string> = init.headers ?? { authorization: `ApiKey ${KEY}` };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const raw = await fetch(`${sim.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = raw.status === 204 ? "" : await raw.clone().text();
  const isJson = raw.headers.get("content-type")?.includes("json") ?? false;
  return { status: raw.status, body: isJson && text ? JSON.parse(text) : undefined, raw };
}

const control = (path: string, body: unknown = {}) =>
  api(`/__simulator/${path}`, { method: "POST", body, headers: {} });

describe("authentication", () => {
  it("answers 401 {code, message} without either credential header, and with a wrong key", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${KEY}` },
      { "x-api-key": KEY },
      { authorization: "ApiKey ik_other" },
    ];
    for (const headers of refused) {
      const res = await api("/organisation", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: expect.any(String) });
    }
  });

  it("accepts x-api-key: Bearer <key> and Authorization: ApiKey ik_<key>", async () => {
    expect((await api("/organisation", { headers: { "x-api-key": `Bearer ${KEY}` } })).status).toBe(200);
    expect((await api("/organisation", { headers: { authorization: `ApiKey ${KEY}` } })).status).toBe(200);
    expect((await api("/health", { headers: {} })).body).toEqual({ health: "ok" });
  });
});

describe("lists", () => {
  it("returns bare arrays with the documented default order, limit/offset and orderBy/orderDir", async () => {
    const orgs = (await api("/organisation")).body as { id: string; name: string }[];
    expect(orgs.map((o) => o.id)).toEqual([DEV, PROVIDER, ADMIN, OPERATOR]);
    const byName = (await api("/organisation?orderBy=name&orderDir=desc&limit=2&offset=0")).body as {
      name: string;
    }[];
    expect(byName.map((o) => o.name)).toEqual(["Demo Provider", "Demo Platform Operator"]);
    const second = (await api("/organisation?limit=1&offset=1")).body as { id: string }[];
    expect(second.map((o) => o.id)).toEqual([PROVIDER]);

    const apps = (await api(`/organisation/id/${DEV}/applications`)).body as { id: number; name: string }[];
    expect(apps.map((a) => a.id)).toEqual([...apps.map((a) => a.id)].sort((a, b) => a - b));
    expect(apps.some((a) => a.name.includes("(algorithm)"))).toBe(true);
    expect(apps.length).toBeGreaterThanOrEqual(3);
  });

  it("lists releases newest version first, filtered by board and version", async () => {
    const path = `/organisation/id/${DEV}/applications/${DEMO_APPLICATIONS.assetTracker}/releases`;
    type Rel = {
      version: { major: number; minor: number };
      boardId: string;
      boardTargetCRC: number;
      file: object;
    };
    const all = (await api(path)).body as Rel[];
    const onTracker = (await api(`${path}?boardId=${DEMO_BOARDS.tracker}`)).body as Rel[];
    expect(onTracker.map((r) => `${r.version.major}.${r.version.minor}`)).toEqual(["1.2", "1.1", "1.0"]);
    expect(all.length).toBeGreaterThan(onTracker.length);
    const asc = (await api(`${path}?boardId=${DEMO_BOARDS.tracker}&orderDir=asc&versionMinor=1`))
      .body as Rel[];
    expect(asc).toHaveLength(1);
    expect(asc[0]).toHaveProperty("boardTargetCRC");
    expect(asc[0]).not.toHaveProperty("binarySize");
  });

  it("filters boards and devices and answers [] for an organisation without any", async () => {
    const boards = (await api(`/board?organisationId=${DEV}&includePublic=true`)).body as {
      public: boolean;
    }[];
    expect(boards.length).toBe(2);
    expect(boards.every((b) => b.public)).toBe(true);
    expect((await api(`/board?organisationId=${DEV}`)).body).toEqual([]);
    expect((await api(`/device?organisationId=${DEV}`)).body).toEqual([]);
    const devices = (
      await api(
        `/device?organisationId=${PROVIDER}&boardIds=${DEMO_BOARDS.sensor}&boardIds=${DEMO_BOARDS.gateway}`,
      )
    ).body as { boardId: string; state?: unknown }[];
    expect(devices.length).toBe(7);
    expect(devices.every((d) => d.boardId !== DEMO_BOARDS.tracker && d.state === undefined)).toBe(true);
    const withState = (await api(`/device-and-state?organisationId=${PROVIDER}`)).body as { state: object }[];
    expect(withState.length).toBeGreaterThanOrEqual(12);
  });

  it("rejects an unknown orderBy or a bad limit with 400 Error", async () => {
    const res = await api("/organisation?orderBy=colour");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: expect.stringContaining("orderBy") });
    expect((await api(`/organisation/id/${DEV}/applications?limit=-1`)).status).toBe(400);
  });
});

describe("lookups", () => {
  it("answers 404 Error for unknown organisations, applications, releases and devices", async () => {
    const unknownOrg = "0193a5d0-0000-7000-8000-00000000dead";
    for (const path of [
      `/organisation/id/${unknownOrg}`,
      `/organisation/id/${unknownOrg}/applications`,
      `/organisation/id/${DEV}/applications/999`,
      "/release/nope",
      "/release/nope/file",
      `/organisation/id/${DEV}/applications/${DEMO_APPLICATIONS.coldChain}/releases/${seed.releases[0]!.id}`,
      "/device/deviceId/0000000000000000",
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, message: expect.any(String) });
    }
  });

  it("serves release bytes whose CRC32 and length match the advertised file stats", async () => {
    const release = seed.releases[2]!;
    const meta = (await api(`/release/${release.id}`)).body as { file: { len: number; crc: number } };
    const res = await api(`/release/${release.id}/file`);
    expect(res.raw.headers.get("content-type")).toBe("application/octet-stream");
    const bytes = Buffer.from(await res.raw.arrayBuffer());
    expect(bytes.length).toBe(meta.file.len);
    expect(crc32(bytes)).toBe(meta.file.crc);
    expect(bytes.length).toBeGreaterThanOrEqual(8 * 1024);
    expect(bytes.readUInt32LE(0)).toBe(0x96f3b83d);
    expect((await api(`/release/${release.id}/file`, { headers: {} })).status).toBe(401);
  });

  it("serves a tampered release whose advertised crc does not match its bytes", async () => {
    const meta = (await api(`/release/${tampered.id}`)).body as { file: { crc: number } };
    const bytes = Buffer.from(await (await api(`/release/${tampered.id}/file`)).raw.arrayBuffer());
    expect(crc32(bytes)).not.toBe(meta.file.crc);
  });

  it("serves an oversized release: four times the advertised length", async () => {
    const meta = (await api(`/release/${oversized.id}`)).body as { file: { len: number } };
    const res = await api(`/release/${oversized.id}/file`);
    expect(Number(res.raw.headers.get("content-length"))).toBe(meta.file.len * 4);
  });

  it("redirects a seeded release's download, and keeps the seed-only fields off the wire", async () => {
    const res = await fetch(`${sim.url}/release/${redirecting.id}/file`, {
      headers: { authorization: `ApiKey ${KEY}` },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://cdn.example/x");
    expect((await fetch(`${sim.url}/release/${redirecting.id}/file`, { redirect: "manual" })).status).toBe(
      401,
    );
    const meta = (await api(`/release/${redirecting.id}`)).body as Record<string, unknown>;
    expect(meta).not.toHaveProperty("downloadRedirect");
    expect((await api(`/release/${oversized.id}`)).body).not.toHaveProperty("binarySize");
  });
});

describe("devices", () => {
  it("looks devices up by uuid and deviceId, with state, metadata filters and batch state", async () => {
    const [first, second] = seed.devices;
    const byUuid = (await api(`/device/id/${first!.id}`)).body as { deviceId: string; metadata: object };
    expect(byUuid.deviceId).toBe(first!.deviceId);
    expect(byUuid).not.toHaveProperty("state");
    expect((await api(`/device/deviceId/${first!.deviceId}/state`)).body).toEqual(
      (await api(`/device/id/${first!.id}/state`)).body,
    );
    const tag = first!.metadata["Asset tag"]!;
    const tagged = (
      await api(`/board/id/${DEMO_BOARDS.tracker}/devices?metadataName=Asset%20tag&metadataValue=${tag}`)
    ).body as { id: string }[];
    expect(tagged.map((d) => d.id)).toEqual([first!.id]);
    const never = seed.devices.find((d) => !d.applicationState)!;
    const batch = await api("/device/application/state/query", {
      method: "POST",
      body: { deviceIds: [first!.deviceId, second!.deviceId, never.deviceId] },
    });
    const data = (batch.body as { data: Record<string, { boardTargetCrc: number }> }).data;
    expect(Object.keys(data).sort()).toEqual([first!.deviceId, second!.deviceId].sort());
    expect(data[first!.deviceId]).toHaveProperty("boardTargetCrc");
    const pending = await api("/device/application/updates/pending/query", {
      method: "POST",
      body: { deviceIds: [] },
    });
    expect(pending.body).toEqual({ data: {} });
    expect(
      (await api("/device/application/state/query", { method: "POST", body: { deviceIds: ["xyz"] } })).status,
    ).toBe(400);
  });
});

describe("application updates", () => {
  const device = seed.devices.find(
    (d) => d.boardId === DEMO_BOARDS.tracker && !d.applicationState && !d.failUpdates,
  )!;
  const failing = seed.devices.find((d) => d.failUpdates)!;
  const release = seed.releases.find((r) => r.boardId === DEMO_BOARDS.tracker)!;
  const updates = (id: string) => `/device/deviceId/${id}/application/updates`;

  it("queues (201), settles through control, then answers 200 with the state once on the release", async () => {
    expect((await api(`${updates(device.deviceId)}/pending`)).status).toBe(204);
    const created = await api(updates(device.deviceId), { method: "POST", body: { releaseId: release.id } });
    expect(created.status).toBe(201);
    const update = created.body as { id: string; status: string; downlinkMessageId: string };
    expect(update.status).toBe("pending");
    const pending = (await api(`${updates(device.deviceId)}/pending`)).body as {
      downlinkMessage: { status: string };
    };
    expect(pending.downlinkMessage.status).toBe("waiting");
    const rpc = (await api(`/rpc?deviceId=${device.deviceId}`)).body as { downlinkMessageId: string }[];
    expect(rpc.map((r) => r.downlinkMessageId)).toContain(update.downlinkMessageId);

    expect((await control("updates/advance", { deviceId: device.deviceId })).status).toBe(200);
    const done = (await api(`${updates(device.deviceId)}/${update.id}`)).body as {
      status: string;
      completedAt: string;
      downlinkMessage: { status: string };
    };
    expect(done).toMatchObject({ status: "success", downlinkMessage: { status: "completed" } });
    const state = (await api(`/device/deviceId/${device.deviceId}/application/state`)).body;
    expect(state).toMatchObject({ releaseId: release.id, boardTargetCrc: release.boardTargetCRC });

    const again = await api(updates(device.deviceId), { method: "POST", body: { releaseId: release.id } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ releaseId: release.id, applicationId: release.applicationId });
    const listed = (await api(`${updates(device.deviceId)}?status=success`)).body as unknown[];
    expect(listed).toHaveLength(1);
  });

  it("fails updates of flagged devices and lets control force an outcome", async () => {
    const target = seed.releases.find((r) => r.boardId === failing.boardId)!;
    await api(updates(failing.deviceId), { method: "POST", body: { releaseId: target.id } });
    const { body } = await control("updates/advance", { deviceId: failing.deviceId });
    expect((body as { settled: { status: string; lastError: string }[] }).settled[0]).toMatchObject({
      status: "failed",
      lastError: expect.any(String),
    });
    const other = seed.devices.find(
      (d) => d.boardId === DEMO_BOARDS.sensor && !d.failUpdates && d !== failing,
    )!;
    const sensorRelease = seed.releases.find(
      (r) => r.boardId === DEMO_BOARDS.sensor && r.id !== other.applicationState?.releaseId,
    )!;
    await api(updates(other.deviceId), { method: "POST", body: { releaseId: sensorRelease.id } });
    await control("updates/advance", { deviceId: other.deviceId, outcome: "failed" });
    const [latest] = (await api(updates(other.deviceId))).body as { status: string }[];
    expect(latest?.status).toBe("failed");
  });

  it("cancels a pending update (200) and answers 204 when nothing is pending", async () => {
    const other = seed.devices.find(
      (d) => d.boardId === DEMO_BOARDS.tracker && d.applicationState?.releaseId,
    )!;
    const target = seed.releases.find(
      (r) => r.boardId === DEMO_BOARDS.tracker && r.id !== other.applicationState?.releaseId,
    )!;
    expect(
      (await api(updates(other.deviceId), { method: "POST", body: { releaseId: target.id } })).status,
    ).toBe(201);
    const cancelled = await api(updates(other.deviceId), { method: "DELETE" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect((await api(updates(other.deviceId), { method: "DELETE" })).status).toBe(204);
  });

  it("refuses a release built for another board with 409", async () => {
    const sensorRelease = seed.releases.find((r) => r.boardId === DEMO_BOARDS.sensor)!;
    const res = await api(updates(device.deviceId), {
      method: "POST",
      body: { releaseId: sensorRelease.id },
    });
    expect(res.status).toBe(409);
  });
});

describe("rpc", () => {
  it("creates an rpc (201) that the clock moves waiting -> sent -> completed", async () => {
    const device = seed.devices[0]!;
    const created = await api("/rpc", {
      method: "POST",
      body: { deviceId: device.deviceId, rpc: { commandName: "time_get" } },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const status = async () =>
      ((await api(`/rpc/${id}`)).body as { downlinkMessage: { status: string } }).downlinkMessage.status;
    expect(await status()).toBe("waiting");
    await control("tick");
    expect(await status()).toBe("sent");
    await control("tick");
    expect(await status()).toBe("completed");
    const completed = (await api(`/rpc?status=completed&rpcCommandId=3`)).body as { id: string }[];
    expect(completed.map((r) => r.id)).toContain(id);
  });
});

describe("control", () => {
  it("simulates an outage on every real-API route until it is switched off", async () => {
    await control("outage", { status: 500 });
    expect((await api("/organisation")).body).toEqual({ code: 500, message: "simulated outage" });
    await control("outage", { status: 503 });
    try {
      const res = await api("/organisation");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 503, message: expect.any(String) });
    } finally {
      await control("outage", { status: 0 });
    }
    expect((await api("/organisation")).status).toBe(200);
  });

  it("delays answers for timeout tests", async () => {
    await control("outage", { status: 0, delayMs: 300 });
    try {
      // A client timeout shorter than the delay fires before the answer; one that waits gets it, late.
      await expect(fetch(`${sim.url}/health`, { signal: AbortSignal.timeout(100) })).rejects.toThrow(
        expect.objectContaining({ name: "TimeoutError" }),
      );
      const started = performance.now();
      expect((await fetch(`${sim.url}/health`)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await control("outage", { status: 0 });
    }
  });

  it("is absent when controlEnabled is false, and the clock settles updates by itself", async () => {
    const quiet = await startSimulator({ controlEnabled: false, tickMs: 20 });
    try {
      const headers = { "x-api-key": "Bearer anything" };
      expect((await fetch(`${quiet.url}/__simulator/reset`, { method: "POST" })).status).toBe(404);
      const device = quiet.seed.devices.find(
        (d) => d.boardId === DEMO_BOARDS.tracker && !d.applicationState,
      )!;
      const release = quiet.seed.releases.find((r) => r.boardId === DEMO_BOARDS.tracker)!;
      const url = `${quiet.url}/device/deviceId/${device.deviceId}/application/updates`;
      const post = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ releaseId: release.id }),
      });
      expect(post.status).toBe(201);
      const { id } = (await post.json()) as { id: string };
      const status = await waitFor(
        async () => {
          const update = (await (await fetch(`${url}/${id}`, { headers })).json()) as { status: string };
          return update.status === "pending" ? undefined : update.status;
        },
        { timeoutMs: 30_000, intervalMs: 20, what: "the clock to settle the update" },
      );
      expect(status).toBe("success");
    } finally {
      await quiet.stop();
    }
  });

  it("registers a device for an organisation, refusing duplicates, unknown organisations and bad ids", async () => {
    const input = { deviceId: "DE0000000000000A", organisationId: DEV, boardId: DEMO_BOARDS.sensor };
    const created = await control("devices", input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      deviceId: "de0000000000000a",
      organisationId: DEV,
      boardId: DEMO_BOARDS.sensor,
    });
    expect((await api("/device/deviceId/de0000000000000a")).body).toMatchObject({ organisationId: DEV });
    expect((await control("devices", input)).status).toBe(409);
    expect(
      (
        await control("devices", {
          ...input,
          deviceId: "de0000000000000b",
          organisationId: ADMIN.replace("ad00", "0000"),
        })
      ).status,
    ).toBe(404);
    expect((await control("devices", { ...input, deviceId: "xyz" })).status).toBe(400);
    expect((await control("devices", { organisationId: DEV })).status).toBe(400);
  });

  it("resets to the seed", async () => {
    await control("reset");
    expect((await api("/device/deviceId/de0000000000000a")).status).toBe(404);
    const device = seed.devices.find(
      (d) => d.boardId === DEMO_BOARDS.tracker && !d.applicationState && !d.failUpdates,
    )!;
    expect((await api(`/device/deviceId/${device.deviceId}/application/state`)).status).toBe(404);
    expect((await api(`/device/deviceId/${device.deviceId}/application/updates`)).body).toEqual([]);
  });
});
