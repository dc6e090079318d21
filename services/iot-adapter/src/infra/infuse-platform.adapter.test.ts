import { NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { BOARD_ID, ORG, platformApplication, platformBoard, platformRelease } from "../testing/fixtures";
import type { InfuseClient } from "./infuse/infuse.client";
import { makeInfusePlatform, toIotApplication, toIotRelease } from "./infuse-platform.adapter";

describe("mappers", () => {
  it("maps an application, keeping the platform's integer id", () => {
    expect(toIotApplication(platformApplication(0x1234))).toEqual({
      applicationId: 0x1234,
      organisationId: ORG,
      name: "App 4660",
      description: "Application 4660",
      createdAt: "2026-01-02T03:04:05.678Z",
    });
  });

  it("maps a release: version string, board name and target, file length and CRC32", () => {
    expect(
      toIotRelease(platformRelease({ file: { coapPath: "/r", len: 42, crc: 0xfffffffe, diffLen: 0 } }), "DK"),
    ).toEqual({
      releaseId: "rel-1",
      applicationId: 1,
      organisationId: ORG,
      version: "1.2.3+00000abc",
      board: { id: BOARD_ID, name: "DK", target: "nrf9151dk/nrf9151/ns" },
      sizeBytes: 42,
      crc32: 0xfffffffe,
      createdAt: "2026-01-02T03:04:05.000Z",
    });
  });
});

function fakeClient(board: () => Promise<ReturnType<typeof platformBoard>>) {
  let boardCalls = 0;
  const client = {
    getBoard: () => {
      boardCalls++;
      return board();
    },
    listReleases: async () => ({
      items: [platformRelease({ id: "a" }), platformRelease({ id: "b" }), platformRelease({ id: "c" })],
      hasMore: true,
    }),
    getRelease: async () => platformRelease(),
  } as unknown as InfuseClient;
  return { client, boardCalls: () => boardCalls };
}

describe("the platform adapter", () => {
  it("looks a board up once for many releases (cached)", async () => {
    const { client, boardCalls } = fakeClient(async () => platformBoard());
    const platform = makeInfusePlatform(client);
    const slice = await platform.listReleases(ORG, 1, { limit: 3, offset: 0 });
    expect(slice.hasMore).toBe(true);
    expect(slice.items.map((r) => r.board.name)).toEqual(["nRF9151 DK", "nRF9151 DK", "nRF9151 DK"]);
    await platform.getRelease(ORG, 1, "rel-1");
    expect(boardCalls()).toBe(1);
  });

  it("falls back to the board target when the board cannot be read, and does not cache failures", async () => {
    let fail: Error = new NotFoundError("Board");
    const { client, boardCalls } = fakeClient(async () => {
      throw fail;
    });
    const platform = makeInfusePlatform(client);
    expect((await platform.getRelease(ORG, 1, "rel-1")).board.name).toBe("nrf9151dk/nrf9151/ns");
    fail = new UpstreamUnavailableError("down");
    await expect(platform.getRelease(ORG, 1, "rel-1")).rejects.toMatchObject({
      code: "upstream-unavailable",
    });
    expect(boardCalls()).toBe(2);
  });
});
