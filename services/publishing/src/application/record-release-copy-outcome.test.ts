import type { EventEnvelope } from "@mp/bus";
import { newEvent } from "@mp/bus";
import {
  type ReleaseCopyFailedV1,
  type ReleaseStoredV1,
  releaseCopyFailedV1,
  releaseStoredV1,
} from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import { testLogger } from "@mp/logger";
import { describe, expect, it, vi } from "vitest";
import { type ItemRelease, selectRelease } from "../domain/item-release";
import { makeRecordReleaseCopyFailed, makeRecordReleaseStored } from "./record-release-copy-outcome";
import type { ItemReleaseRepository, ReleaseItem, ReleaseItemReader } from "./release-ports";

const ORG_A = "0193a1b2-0000-7000-8000-00000000000a";
const ORG_B = "0193a1b2-0000-7000-8000-00000000000b";
const ITEM: ReleaseItem = {
  id: "0193a1b2-0000-7000-8000-0000000000c1",
  organisationId: ORG_A,
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000e1",
  infuseIotApplicationId: 7,
  status: "draft",
};
const RELEASE_ID = "0193a1b2-0000-7000-8000-0000000000d1";
const now = new Date("2026-11-22T10:00:00.000Z");

/** One preparing release of ORG_A; records every update and every statement run on the transaction. */
function fakes() {
  const rows = new Map<string, ItemRelease>();
  rows.set(
    RELEASE_ID,
    selectRelease(
      ITEM,
      {
        releaseId: "rel-1",
        applicationId: 7,
        version: "1.0.0+00000001",
        board: { id: "b", name: "B", target: "t" },
        sizeBytes: 10,
        crc32: 1,
      },
      { id: RELEASE_ID, now },
    ),
  );
  const updates: ItemRelease[] = [];
  const releases = {
    getForUpdate: async (_tx: unknown, id: string) => rows.get(id),
    update: async (_tx: unknown, r: ItemRelease) => {
      updates.push(r);
      rows.set(r.id, r);
    },
  } as unknown as ItemReleaseRepository;
  const items = { get: async () => ITEM } as unknown as ReleaseItemReader;
  const statements: string[] = [];
  const tx = {
    // A statement comes as text or as a query config (`{ name, text, values }`, a named statement).
    query: async (sql: string | { text: string }) => {
      statements.push(typeof sql === "string" ? sql : sql.text);
      return { rows: [], rowCount: 1 };
    },
  } as unknown as PoolClient;
  const logger = testLogger();
  const info = vi.spyOn(logger, "info");
  const deps = { releases, items, clock: { now: () => now }, logger };
  return { deps, rows, updates, statements, tx, info };
}

const stored = (over: Partial<ReleaseStoredV1> = {}): EventEnvelope<ReleaseStoredV1> =>
  newEvent(releaseStoredV1.type, "iot-adapter", {
    jobId: "0193a1b2-0000-7000-8000-0000000000f1",
    correlationId: RELEASE_ID,
    organisationId: ORG_A,
    applicationId: 7,
    releaseId: "rel-1",
    objectKey: `orgs/${ORG_A}/item-releases/${RELEASE_ID}.bin`,
    sizeBytes: 10,
    crc32: 1,
    sha256: "c".repeat(64),
    storedAt: now.toISOString(),
    version: 1,
    ...over,
  });

const failed = (over: Partial<ReleaseCopyFailedV1> = {}): EventEnvelope<ReleaseCopyFailedV1> =>
  newEvent(releaseCopyFailedV1.type, "iot-adapter", {
    jobId: "0193a1b2-0000-7000-8000-0000000000f2",
    correlationId: RELEASE_ID,
    organisationId: ORG_A,
    applicationId: 7,
    releaseId: "rel-1",
    reason: "checksum-mismatch",
    failedAt: now.toISOString(),
    version: 1,
    ...over,
  });

describe("recording copy outcomes", () => {
  it("applies an outcome for the organisation's own item release, with its event", async () => {
    const f = fakes();
    await makeRecordReleaseStored(f.deps)(stored({ correlationId: RELEASE_ID.toUpperCase() }), f.tx);
    expect(f.rows.get(RELEASE_ID)).toMatchObject({ status: "available", sha256: "c".repeat(64) });
    expect(f.statements.filter((sql) => sql.includes("INSERT INTO outbox"))).toHaveLength(1);
  });

  it("ignores and logs an outcome naming another organisation for the item release", async () => {
    const f = fakes();
    await makeRecordReleaseStored(f.deps)(stored({ organisationId: ORG_B }), f.tx);
    await makeRecordReleaseCopyFailed(f.deps)(failed({ organisationId: ORG_B }), f.tx);
    expect(f.updates).toEqual([]);
    expect(f.statements).toEqual([]);
    expect(f.rows.get(RELEASE_ID)?.status).toBe("preparing");
    expect(f.info).toHaveBeenCalledWith({ correlationId: RELEASE_ID }, expect.stringMatching(/ignored/));
  });

  it("ignores and logs outcomes for unknown item releases and for correlation ids that are no guid", async () => {
    const f = fakes();
    for (const correlationId of ["0193a1b2-0000-7000-8000-0000000000ee", "items/x/releases/y.bin", ""])
      await makeRecordReleaseStored(f.deps)(stored({ correlationId }), f.tx);
    expect(f.updates).toEqual([]);
    expect(f.statements).toEqual([]);
    expect(f.info).toHaveBeenCalledTimes(3);
  });
});
