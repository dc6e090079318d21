import { describe, expect, it } from "vitest";
import { type AccessFacts, decideDownloadAccess, type ReleaseCandidate } from "./download-access";

const ORG = "0193a1b2-0000-7000-8000-0000000000b1";
const BOARD = "0193a1b2-0000-7000-8000-00000000b0a1";
const OTHER_BOARD = "0193a1b2-0000-7000-8000-00000000b0a2";
const available = { boardId: BOARD, status: "available", objectKey: "k" } as const;

const facts = (over: Partial<AccessFacts<ReleaseCandidate>> = {}): AccessFacts<ReleaseCandidate> => ({
  organisationId: ORG,
  device: { organisationId: ORG, boardId: BOARD },
  purchases: ["completed"],
  releases: [available],
  ...over,
});

describe("download access", () => {
  it("is eligible for an owned device with a completed purchase and an available release for its board", () => {
    expect(decideDownloadAccess(facts())).toEqual({ eligible: true, release: available });
  });

  it("refuses a device another organisation owns, or one the platform does not know, before anything else", () => {
    const other = { organisationId: "0193a1b2-0000-7000-8000-0000000000b2", boardId: BOARD };
    expect(decideDownloadAccess(facts({ device: other, purchases: [] }))).toEqual({
      eligible: false,
      reason: "not-device-owner",
    });
    expect(decideDownloadAccess(facts({ device: null }))).toMatchObject({ reason: "not-device-owner" });
  });

  it("refuses a device without a purchase of the item", () => {
    expect(decideDownloadAccess(facts({ purchases: [] }))).toMatchObject({ reason: "not-purchased" });
  });

  it("refuses when no purchase is completed (refunded, partially refunded, disputed, held); one completed is enough", () => {
    for (const status of ["refunded", "partially_refunded", "disputed", "held"] as const)
      expect(decideDownloadAccess(facts({ purchases: [status] }))).toMatchObject({
        eligible: false,
        reason: "purchase-not-active",
      });
    expect(decideDownloadAccess(facts({ purchases: ["refunded", "completed"] }))).toMatchObject({
      eligible: true,
    });
  });

  it("refuses an unknown version, and one whose release for the board failed", () => {
    expect(decideDownloadAccess(facts({ releases: [] }))).toMatchObject({ reason: "version-not-found" });
    expect(decideDownloadAccess(facts({ releases: [{ boardId: BOARD, status: "failed" }] }))).toMatchObject({
      reason: "version-not-found",
    });
  });

  it("refuses a version built only for other boards", () => {
    expect(
      decideDownloadAccess(facts({ releases: [{ boardId: OTHER_BOARD, status: "available" }] })),
    ).toMatchObject({ reason: "incompatible" });
  });

  it("answers preparing while the board's release is being copied, and prefers an available one", () => {
    const preparing = { boardId: BOARD, status: "preparing" } as const;
    expect(decideDownloadAccess(facts({ releases: [preparing] }))).toMatchObject({ reason: "preparing" });
    expect(
      decideDownloadAccess(facts({ releases: [{ boardId: BOARD, status: "failed" }, preparing, available] })),
    ).toEqual({ eligible: true, release: available });
  });
});
