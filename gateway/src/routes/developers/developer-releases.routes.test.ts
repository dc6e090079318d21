import { ConflictError, NotFoundError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { PublishingReleasesClient } from "../../clients";
import {
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  notFoundCatalogue,
  ORG_A,
  useTestApp,
} from "../../testing/test-kit";

const ITEM = "0193A1B2-0000-7000-8000-0000000000C1";
const RELEASE_ID = "0193a1b2-0000-7000-8000-0000000000d1";
const board = { id: "b-1", name: "Tracker", target: "tracker_nrf9160" };
const itemRelease = (status: string, extra: Record<string, unknown> = {}) => ({
  id: RELEASE_ID.toUpperCase(),
  marketplaceItemId: ITEM,
  infuseIotReleaseId: "rel-1",
  version: "1.2.3+0000abcd",
  board,
  sizeBytes: "4096",
  status,
  createdAt: "2026-11-22T11:00:00+01:00",
  ...extra,
});

let answer: (method: string, request: Record<string, unknown>) => unknown;
const { client, calls } = fakeUpstream<PublishingReleasesClient>((method, request) =>
  answer(method, request),
);

/** The whole gateway (every plugin and the real route table) with a fake publishingReleases client. */
const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { publishingReleases: client }),
});

const get = async (url: string, roles: ("developer" | "provider")[] = ["developer"]) =>
  gateway.app.inject({ url, headers: { authorization: `Bearer ${await gateway.keys.token(roles)}` } });

describe("developer IoT applications", () => {
  it("lists applications with link fields only when linked, passing instance and window upstream", async () => {
    answer = () => ({
      items: [
        {
          applicationId: 7,
          name: "Tracker",
          description: "d",
          createdAt: "2026-10-01T00:00:00Z",
          marketplaceItemId: ITEM,
          marketplaceItemStatus: "draft",
        },
        { applicationId: 8, name: "Algo", description: "", createdAt: "2026-10-02T00:00:00.000Z" },
      ],
      limit: 2,
      offset: 4,
      hasMore: true,
    });
    const instance = "0193A1B2-0000-7000-8000-0000000000E1";
    const response = await get(
      `/marketplace/developers/infuse-iot/applications?marketplaceInstanceId=${instance}&limit=2&offset=4`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          applicationId: 7,
          name: "Tracker",
          description: "d",
          createdAt: "2026-10-01T00:00:00.000Z",
          marketplaceItemId: ITEM.toLowerCase(),
          marketplaceItemStatus: "draft",
        },
        { applicationId: 8, name: "Algo", description: "", createdAt: "2026-10-02T00:00:00.000Z" },
      ],
      limit: 2,
      offset: 4,
      hasMore: true,
    });
    expect(calls.at(-1)).toMatchObject({
      method: "listIotApplications",
      request: { marketplaceInstanceId: instance.toLowerCase(), limit: 2, offset: 4 },
      ctx: { principal: { organisationId: ORG_A } },
    });
    await get("/marketplace/developers/infuse-iot/applications");
    expect(calls.at(-1)?.request).toEqual({ marketplaceInstanceId: "", limit: 50, offset: 0 });
  });

  it.each([
    ["limit=0", "query.limit"],
    ["limit=101", "query.limit"],
    ["offset=-1", "query.offset"],
    ["offset=100001", "query.offset"],
    ["limit=1e1", "query.limit"],
    ["marketplaceInstanceId=nope", "query.marketplaceInstanceId"],
  ])("rejects %s with a 400 naming %s", async (query, field) => {
    const before = calls.length;
    const body = expectProblem(
      await get(`/marketplace/developers/infuse-iot/applications?${query}`),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as object)).toContain(field);
    expect(calls.length).toBe(before);
  });

  it("accepts the bounds themselves", async () => {
    answer = () => ({ items: [], limit: 100, offset: 100_000, hasMore: false });
    expect(
      (await get("/marketplace/developers/infuse-iot/applications?limit=1&offset=100000")).statusCode,
    ).toBe(200);
    expect((await get("/marketplace/developers/infuse-iot/applications?limit=100&offset=0")).statusCode).toBe(
      200,
    );
  });

  it("needs the developer role", async () => {
    expectProblem(
      await get("/marketplace/developers/infuse-iot/applications", ["provider"]),
      403,
      "forbidden",
    );
    expectProblem(
      await gateway.app.inject({ url: "/marketplace/developers/infuse-iot/applications" }),
      401,
      "unauthenticated",
    );
  });

  it("lists releases with the CRC-32 as 8 hex digits and sizes as numbers; unknown applications are 404", async () => {
    answer = () => ({
      items: [
        {
          releaseId: "rel-1",
          applicationId: 7,
          version: "1.2.3+0000abcd",
          board,
          sizeBytes: "4096",
          crc32: 0xbeef,
          createdAt: "2026-10-01T00:00:00Z",
        },
      ],
      limit: 10,
      offset: 0,
      hasMore: false,
    });
    const response = await get("/marketplace/developers/infuse-iot/applications/7/releases?limit=10");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items[0]).toEqual({
      releaseId: "rel-1",
      applicationId: 7,
      version: "1.2.3+0000abcd",
      board,
      sizeBytes: 4096,
      crc32: "0000beef",
      createdAt: "2026-10-01T00:00:00.000Z",
    });
    expect(calls.at(-1)?.request).toEqual({ applicationId: 7, limit: 10, offset: 0 });
    expectProblem(
      await get("/marketplace/developers/infuse-iot/applications/0/releases"),
      400,
      "validation-failed",
    );
    answer = () => {
      throw new NotFoundError("IoT application");
    };
    expectProblem(await get("/marketplace/developers/infuse-iot/applications/99/releases"), 404, "not-found");
  });
});

describe("item releases", () => {
  const select = async (payload: unknown, id = ITEM) =>
    gateway.app.inject({
      method: "POST",
      url: `/marketplace/developers/marketplace-items/${id}/infuse-iot-releases`,
      headers: { authorization: `Bearer ${await gateway.keys.token(["developer"])}` },
      payload: payload as Record<string, unknown>,
    });

  it("selects a release: preparing, null sha256, no failure reason", async () => {
    answer = () => itemRelease("preparing");
    const response = await select({ releaseId: "rel-1" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: RELEASE_ID,
      marketplaceItemId: ITEM.toLowerCase(),
      infuseIotReleaseId: "rel-1",
      version: "1.2.3+0000abcd",
      board,
      sizeBytes: 4096,
      sha256: null,
      status: "preparing",
      createdAt: "2026-11-22T10:00:00.000Z",
    });
    expect(calls.at(-1)).toMatchObject({
      method: "selectItemRelease",
      request: { id: ITEM.toLowerCase(), releaseId: "rel-1" },
    });
  });

  it("rejects unknown body fields, a missing releaseId and malformed ids before calling upstream", async () => {
    const before = calls.length;
    expectProblem(await select({ releaseId: "rel-1", status: "available" }), 400, "validation-failed");
    expectProblem(await select({}), 400, "validation-failed");
    expectProblem(await select({ releaseId: "rel-1" }, "not-a-guid"), 400, "validation-failed");
    expect(calls.length).toBe(before);
  });

  it("passes not-found and conflicts through, the conflict with its state", async () => {
    answer = () => {
      throw new NotFoundError("Marketplace item");
    };
    expectProblem(await select({ releaseId: "rel-1" }), 404, "not-found");
    answer = () => {
      throw new ConflictError("invalid-state", "Already selected.", { extensions: { state: "selected" } });
    };
    expect(expectProblem(await select({ releaseId: "rel-1" }), 409, "invalid-state").state).toBe("selected");
  });

  it("lists item releases with the failure reason of failed ones and the page passed through", async () => {
    answer = () => ({
      items: [
        itemRelease("available", { sha256: "a".repeat(64) }),
        itemRelease("failed", { failureReason: "CRC32 mismatch" }),
      ],
      page: 2,
      pageSize: 2,
      totalCount: 4,
      totalPages: 2,
    });
    const response = await get(
      `/marketplace/developers/marketplace-items/${ITEM}/releases?page=2&pageSize=2&orderBy=version&direction=asc`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 2, pageSize: 2, totalCount: 4, totalPages: 2 });
    expect(body.items[0]).toMatchObject({ status: "available", sha256: "a".repeat(64) });
    expect(body.items[0].failureReason).toBeUndefined();
    expect(body.items[1]).toMatchObject({ status: "failed", sha256: null, failureReason: "CRC32 mismatch" });
    expect(calls.at(-1)?.request).toEqual({
      id: ITEM.toLowerCase(),
      page: 2,
      pageSize: 2,
      orderBy: "version",
      direction: "asc",
    });
    expectProblem(
      await get(`/marketplace/developers/marketplace-items/${ITEM}/releases?orderBy=name`),
      400,
      "validation-failed",
    );
    expectProblem(
      await get(`/marketplace/developers/marketplace-items/${ITEM}/releases?pageSize=101`),
      400,
      "validation-failed",
    );
  });
});
