import { testLogger } from "@mp/logger";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CopyFailure } from "../../domain/copy-job";
import { BOARD_ID, ORG, platformApplication, platformBoard, platformRelease } from "../../testing/fixtures";
import { json, startHttpStub } from "../../testing/http-stub";
import { makeInfusePlatform } from "../infuse-platform.adapter";
import { InfuseClient } from "./infuse.client";
import { authHeader } from "./infuse-http";

let stub: Awaited<ReturnType<typeof startHttpStub>>;
beforeAll(async () => {
  stub = await startHttpStub((_req, res) => json(res, 500, {}));
});
afterAll(() => stub.stop());
beforeEach(() => {
  stub.requests.length = 0;
});

const client = (over: Partial<ConstructorParameters<typeof InfuseClient>[0]> = {}) =>
  new InfuseClient({
    baseUrl: `${stub.url}/`,
    apiKey: "ik_test_key",
    logger: testLogger("infuse"),
    // Long enough for a loaded CI machine to answer; the timeout test sets its own short one.
    timeoutMs: 10_000,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    breaker: { failureThreshold: 100, resetAfterMs: 60_000 },
    ...over,
  });

describe("credential header", () => {
  it("sends platform keys as Authorization: ApiKey and anything else as x-api-key: Bearer", () => {
    expect(authHeader("ik_abc")).toEqual({ authorization: "ApiKey ik_abc" });
    expect(authHeader(" eyJhbGci.x.y ")).toEqual({ "x-api-key": "Bearer eyJhbGci.x.y" });
  });

  it("goes out on every request", async () => {
    stub.handle((_req, res) => json(res, 200, platformBoard()));
    // A generous timeout: under load a timed-out first try would be retried, and every try must carry the header.
    await client({ timeoutMs: 10_000 }).getBoard(BOARD_ID);
    const platformKey = stub.requests.splice(0);
    await client({ apiKey: "eyJ.jwt", timeoutMs: 10_000 }).getBoard(BOARD_ID);
    const bearer = stub.requests.splice(0);
    expect(platformKey.length).toBeGreaterThan(0);
    expect(bearer.length).toBeGreaterThan(0);
    for (const r of platformKey) expect(r.headers.authorization).toBe("ApiKey ik_test_key");
    for (const r of bearer) {
      expect(r.headers["x-api-key"]).toBe("Bearer eyJ.jwt");
      expect(r.headers.authorization).toBeUndefined();
    }
  });
});

describe("lists", () => {
  it("asks for limit+1 to know whether more follow, and returns at most limit", async () => {
    stub.handle((_req, res, url) => {
      const limit = Number(url.searchParams.get("limit"));
      const offset = Number(url.searchParams.get("offset"));
      const all = [1, 2, 3, 4, 5].map((id) => ({ ...platformApplication(id), extraField: "tolerated" }));
      json(res, 200, all.slice(offset, offset + limit));
    });
    const first = await client().listApplications(ORG, { limit: 2, offset: 0 });
    expect(first.items.map((a) => a.id)).toEqual([1, 2]);
    expect(first.hasMore).toBe(true);
    const last = await client().listApplications(ORG, { limit: 2, offset: 3 });
    expect(last.items.map((a) => a.id)).toEqual([4, 5]);
    expect(last.hasMore).toBe(false);
    const url = stub.requests[0]?.url;
    expect(url?.pathname).toBe(`/organisation/id/${ORG}/applications`);
    expect(url?.searchParams.get("limit")).toBe("3");
    expect(url?.searchParams.get("orderBy")).toBe("applicationId");
  });

  it("refuses ids that encoding would leave as dot segments, without a call", async () => {
    for (const id of [".", "..", ""])
      await expect(client().getRelease(ORG, 7, id)).rejects.toMatchObject({ code: "validation-failed" });
    await expect(client().downloadReleaseFile("..")).rejects.toMatchObject({ code: "validation-failed" });
    await expect(client().getApplication(ORG, -1)).rejects.toMatchObject({ code: "validation-failed" });
    expect(stub.requests).toHaveLength(0);
  });

  it("encodes path segments and parses releases with optional fields absent", async () => {
    stub.handle((_req, res) => json(res, 200, platformRelease({ id: "a/b:c" })));
    const release = await client().getRelease(ORG, 7, "a/b:c");
    expect(release.id).toBe("a/b:c");
    expect(stub.requests[0]?.url.pathname).toBe(`/organisation/id/${ORG}/applications/7/releases/a%2Fb%3Ac`);
  });
});

describe("failures", () => {
  it("maps a platform 404 to not-found without retrying", async () => {
    stub.handle((_req, res) => json(res, 404, { code: 404, message: "Application not found" }));
    await expect(client().getApplication(ORG, 9)).rejects.toMatchObject({
      code: "not-found",
      message: "IoT application was not found.",
    });
    expect(stub.requests).toHaveLength(1);
  });

  it("maps a refused credential to upstream-unavailable and logs it as a configuration error", async () => {
    stub.handle((_req, res) => json(res, 401, { code: 401, message: "Unauthorized" }));
    const logger = testLogger("infuse");
    const error = vi.spyOn(logger, "error");
    await expect(client({ logger }).getBoard(BOARD_ID)).rejects.toMatchObject({
      code: "upstream-unavailable",
      message: expect.stringMatching(/refused the marketplace's credential/),
    });
    expect(error).toHaveBeenCalledOnce();
    expect(stub.requests).toHaveLength(1);
  });

  it("retries a GET on 5xx and 429, then succeeds", async () => {
    let n = 0;
    stub.handle((_req, res) => {
      n++;
      if (n === 1) return json(res, 503, { code: 503, message: "busy" });
      if (n === 2) return json(res, 429, { code: 429, message: "slow down" });
      json(res, 200, platformBoard());
    });
    await expect(client().getBoard(BOARD_ID)).resolves.toMatchObject({ name: "nRF9151 DK" });
    expect(stub.requests).toHaveLength(3);
  });

  it("times out a hanging call, retries it, then answers upstream-unavailable", async () => {
    stub.handle(() => {}); // never answers
    await expect(client({ timeoutMs: 50 }).getBoard(BOARD_ID)).rejects.toMatchObject({
      code: "upstream-unavailable",
      message: "The IoT platform did not answer in time.",
      retryAfterSeconds: 5,
    });
    expect(stub.requests).toHaveLength(3);
  });

  it("answers upstream-unavailable when the platform cannot be reached", async () => {
    await expect(client({ baseUrl: "http://127.0.0.1:1" }).getBoard(BOARD_ID)).rejects.toMatchObject({
      code: "upstream-unavailable",
      message: "The IoT platform could not be reached.",
    });
  });

  it("rejects a response of an unexpected shape as upstream-unavailable, not as data", async () => {
    stub.handle((_req, res) => json(res, 200, { id: BOARD_ID }));
    await expect(client().getBoard(BOARD_ID)).rejects.toMatchObject({ code: "upstream-unavailable" });
  });

  it("opens the breaker after consecutive failures and then fails fast without calling", async () => {
    stub.handle((_req, res) => json(res, 503, { code: 503, message: "down" }));
    const c = client({ breaker: { failureThreshold: 4, resetAfterMs: 60_000 } });
    await expect(c.getBoard(BOARD_ID)).rejects.toMatchObject({ code: "upstream-unavailable" });
    await expect(c.getBoard(BOARD_ID)).rejects.toMatchObject({ code: "upstream-unavailable" });
    expect(c.breakerState()).toBe("open");
    const calls = stub.requests.length;
    expect(calls).toBe(4);
    await expect(c.getBoard(BOARD_ID)).rejects.toMatchObject({
      code: "upstream-unavailable",
      message: expect.stringMatching(/circuit open/),
    });
    expect(stub.requests).toHaveLength(calls);
  });
});

describe("release download", () => {
  it("streams the file from the assumed route", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": "11" });
      res.end("hello world");
    });
    const { body, contentLength } = await client().downloadReleaseFile("rel 1");
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("hello world");
    expect(contentLength).toBe(11);
    expect(stub.requests[0]?.url.pathname).toBe("/release/rel%201/file");
  });

  it("maps a missing release to not-found", async () => {
    stub.handle((_req, res) => json(res, 404, { code: 404, message: "no" }));
    await expect(client().downloadReleaseFile("x")).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("redirects", () => {
  let elsewhere: Awaited<ReturnType<typeof startHttpStub>>;
  beforeAll(async () => {
    elsewhere = await startHttpStub((_req, res) => json(res, 200, platformBoard()));
  });
  afterAll(() => elsewhere.stop());
  beforeEach(() => {
    elsewhere.requests.length = 0;
  });

  it("are never followed, so the credential never travels on, and are not retried", async () => {
    stub.handle((req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}${req.url}` });
      res.end();
    });
    for (const apiKey of ["ik_test_key", "eyJ.jwt"]) {
      await expect(client({ apiKey }).getBoard(BOARD_ID)).rejects.toMatchObject({
        code: "upstream-unavailable",
        message: expect.stringMatching(/redirect \(HTTP 302\)/),
      });
    }
    expect(stub.requests).toHaveLength(2);
    const platform = makeInfusePlatform(client({ apiKey: "eyJ.jwt" }));
    const refused = await platform.downloadRelease("rel-1", 1024).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CopyFailure);
    expect(refused).toMatchObject({ code: "upstream-unavailable" });
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe("release download limits (through the platform adapter)", () => {
  const drain = async (body: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it("passes a download of exactly the advertised size", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(Buffer.alloc(2048, 1));
    });
    const body = await makeInfusePlatform(client()).downloadRelease("rel-1", 2048);
    expect((await drain(body)).length).toBe(2048);
  });

  it("refuses a download whose announced length is over the advertised size, before reading it", async () => {
    let closed = false;
    stub.handle((_req, res) => {
      res.on("close", () => {
        closed = true;
      });
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": 64 * 1024 });
      res.write(Buffer.alloc(1024));
    });
    await expect(makeInfusePlatform(client()).downloadRelease("rel-1", 2048)).rejects.toMatchObject({
      code: "too-large",
    });
    await expect.poll(() => closed, { timeout: 2_000 }).toBe(true);
  });

  it("aborts a download as soon as it runs past the advertised size", async () => {
    const total = 1024;
    let written = 0;
    let finished = false;
    let closed = false;
    stub.handle(async (_req, res) => {
      res.on("close", () => {
        closed = true;
      });
      res.writeHead(200, { "content-type": "application/octet-stream" }); // chunked: no length announced
      while (written < total && !res.destroyed) {
        res.write(Buffer.alloc(1024, 1));
        written++;
        // Paced, so an unaborted download would take over a second; the abort comes after a few KiB.
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      finished = written === total;
      res.end();
    });
    const body = await makeInfusePlatform(client()).downloadRelease("rel-1", 4 * 1024);
    await expect(drain(body)).rejects.toMatchObject({ code: "too-large" });
    await expect.poll(() => closed, { timeout: 2_000 }).toBe(true);
    expect(finished).toBe(false);
    expect(written).toBeLessThan(total);
  });
});

describe("bulk pending query", () => {
  const update = (id: string) => ({
    id,
    releaseId: "rel-1",
    status: "pending",
    attemptCount: 1,
    createdAt: "2026-01-02T03:04:05.678Z",
    updatedAt: "2026-01-02T03:04:05.678Z",
  });

  it("posts the device ids, retries like a read on 5xx, and returns the answer keyed by device", async () => {
    const bodies: unknown[] = [];
    let n = 0;
    stub.handle(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      if (++n === 1) return json(res, 503, { code: 503, message: "busy" });
      json(res, 200, { data: { "00112233445566aa": update("5b0c2a1e-0000-4000-8000-000000000001") } });
    });
    const data = await client().queryPendingApplicationUpdates(["00112233445566aa", "00112233445566bb"]);
    expect(Object.keys(data)).toEqual(["00112233445566aa"]);
    expect(data["00112233445566aa"]?.id).toBe("5b0c2a1e-0000-4000-8000-000000000001");
    expect(stub.requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ["POST", "/device/application/updates/pending/query"],
      ["POST", "/device/application/updates/pending/query"],
    ]);
    expect(bodies[1]).toEqual({ deviceIds: ["00112233445566aa", "00112233445566bb"] });
  });

  it("refuses an answer of another shape as upstream-unavailable", async () => {
    stub.handle((_req, res) => json(res, 200, { data: { "00112233445566aa": { id: 1 } } }));
    await expect(client().queryPendingApplicationUpdates(["00112233445566aa"])).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
  });
});
