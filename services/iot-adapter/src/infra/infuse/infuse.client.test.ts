import { testLogger } from "@mp/logger";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BOARD_ID, ORG, platformApplication, platformBoard, platformRelease } from "../../testing/fixtures";
import { json, startHttpStub } from "../../testing/http-stub";
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

const noSleep = async () => {};
const client = (over: Partial<ConstructorParameters<typeof InfuseClient>[0]> = {}) =>
  new InfuseClient({
    baseUrl: `${stub.url}/`,
    apiKey: "ik_test_key",
    logger: testLogger("infuse"),
    timeoutMs: 200,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    breaker: { failureThreshold: 100, resetAfterMs: 60_000 },
    sleep: noSleep,
    ...over,
  });

describe("credential header", () => {
  it("sends platform keys as Authorization: ApiKey and anything else as x-api-key: Bearer", () => {
    expect(authHeader("ik_abc")).toEqual({ authorization: "ApiKey ik_abc" });
    expect(authHeader(" eyJhbGci.x.y ")).toEqual({ "x-api-key": "Bearer eyJhbGci.x.y" });
  });

  it("goes out on every request", async () => {
    stub.handle((_req, res) => json(res, 200, platformBoard()));
    await client().getBoard(BOARD_ID);
    await client({ apiKey: "eyJ.jwt" }).getBoard(BOARD_ID);
    expect(stub.requests[0]?.headers.authorization).toBe("ApiKey ik_test_key");
    expect(stub.requests[1]?.headers["x-api-key"]).toBe("Bearer eyJ.jwt");
    expect(stub.requests[1]?.headers.authorization).toBeUndefined();
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
