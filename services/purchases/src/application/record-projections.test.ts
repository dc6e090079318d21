import type { EventEnvelope } from "@mp/bus";
import type {
  InstallStatusChangedV1,
  ItemReleaseEvent,
  ItemSnapshotV1,
  ListingSnapshotV1,
} from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { makeApplyInstallStatus } from "./apply-install-status";
import type {
  InstallRepository,
  KnownItemRepository,
  KnownListingRepository,
  KnownReleaseRepository,
} from "./ports";
import { makeRecordItem } from "./record-item";
import { makeRecordListing } from "./record-listing";
import { makeRecordRelease } from "./record-release";

const TX = {} as PoolClient;
const envelope = <T>(data: T): EventEnvelope<T> => ({
  id: "0193a1b2-0000-7000-8000-000000000e01",
  type: "t",
  source: "s",
  occurredAt: "2026-11-28T20:00:00.000Z",
  data,
});
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";

describe("what purchases keeps of other services' events", () => {
  it("an item event: its display name at its version", async () => {
    const calls: unknown[][] = [];
    const items = {
      remember: async (...args: unknown[]) => calls.push(args),
    } as unknown as KnownItemRepository;
    await makeRecordItem({ items })(
      envelope({ itemId: ITEM, displayName: "Thermo", version: 4 } as ItemSnapshotV1),
      TX,
    );
    expect(calls).toEqual([[TX, { id: ITEM, displayName: "Thermo", version: 4 }]]);
  });

  it("a listing event: the listing's item, instance, provider, price and state at its version", async () => {
    const calls: unknown[][] = [];
    const listings = {
      remember: async (...args: unknown[]) => calls.push(args),
    } as unknown as KnownListingRepository;
    const data = {
      id: "0193a1b2-0000-7000-8000-0000000000c1",
      marketplaceItemId: ITEM,
      marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000b1",
      providerOrganisationId: "0193a1b2-0000-7000-8000-00000000000a",
      price: { amount: 1999, currency: "EUR" },
      visibility: "public",
      disabled: true,
      createdAt: "2026-11-28T19:00:00.000Z",
      supersededAt: null,
      occurredAt: "2026-11-28T19:00:00.000Z",
      version: 3,
    } as ListingSnapshotV1;
    await makeRecordListing({ listings })(envelope(data), TX);
    expect(calls).toEqual([
      [
        TX,
        {
          id: data.id,
          marketplaceItemId: ITEM,
          marketplaceInstanceId: data.marketplaceInstanceId,
          providerOrganisationId: data.providerOrganisationId,
          price: { amount: 1999, currency: "EUR" },
          disabled: true,
          version: 3,
        },
      ],
    ]);
  });

  const release = {
    itemReleaseId: "0193a1b2-0000-7000-8000-0000000000f1",
    itemId: ITEM,
    organisationId: "0193a1b2-0000-7000-8000-00000000000d",
    marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000b1",
    infuseIotApplicationId: 4097,
    infuseIotReleaseId: "rel-1",
    releaseVersion: "1.2.0+00000009",
    board: { id: "0193A5D0-DD00-7000-8000-0000000000B1", name: "Tracker", target: "nrf9160" },
    sizeBytes: 1234,
    version: 2,
  };

  it("an available release: board (lowercase), size, digest, object key, platform ids; no creation time", async () => {
    const calls: unknown[][] = [];
    const releases = {
      remember: async (...args: unknown[]) => calls.push(args),
    } as unknown as KnownReleaseRepository;
    const available = {
      ...release,
      status: "available",
      sha256: "a".repeat(64),
      objectKey: "releases/k",
      availableAt: "2026-11-28T19:00:00.000Z",
    } as ItemReleaseEvent;
    await makeRecordRelease({ releases })(envelope(available), TX);
    expect(calls).toEqual([
      [
        TX,
        {
          id: release.itemReleaseId,
          marketplaceItemId: ITEM,
          releaseVersion: "1.2.0+00000009",
          boardId: "0193a5d0-dd00-7000-8000-0000000000b1",
          sizeBytes: 1234,
          status: "available",
          sha256: "a".repeat(64),
          objectKey: "releases/k",
          iotApplicationId: 4097,
          iotReleaseId: "rel-1",
          boardName: "Tracker",
          boardTarget: "nrf9160",
          createdAt: null,
          version: 2,
        },
      ],
    ]);
  });

  it("an added release: no digest nor object key yet, and when the developer added it", async () => {
    const calls: Array<[unknown, Record<string, unknown>]> = [];
    const releases = {
      remember: async (tx: unknown, r: Record<string, unknown>) => calls.push([tx, r]),
    } as unknown as KnownReleaseRepository;
    const added = {
      ...release,
      status: "preparing",
      createdAt: "2026-11-28T18:00:00.000Z",
    } as ItemReleaseEvent;
    await makeRecordRelease({ releases })(envelope(added), TX);
    expect(calls[0]?.[1]).toMatchObject({
      status: "preparing",
      sha256: null,
      objectKey: null,
      createdAt: new Date("2026-11-28T18:00:00.000Z"),
    });
  });

  it("an install status: ids lowercased, the change time, and a warning only for an install it does not hold", async () => {
    const changes: unknown[] = [];
    let outcome: "applied" | "stale" | "unknown" = "applied";
    const installs = {
      applyStatus: async (tx: unknown, change: unknown) => {
        expect(tx).toBe(TX);
        changes.push(change);
        return outcome;
      },
    } as unknown as InstallRepository;
    const warnings: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const data = {
      installId: "0193A1B2-0000-7000-8000-0000000000E1",
      rpcId: "RPC-1",
      organisationId: "0193a1b2-0000-7000-8000-00000000000a",
      deviceId: "0123456789abcdef",
      releaseId: "rel-1",
      status: "sent",
      detail: null,
      attemptCount: 2,
      changedAt: "2026-11-28T19:30:00.000Z",
      version: 3,
    } as InstallStatusChangedV1;
    const apply = makeApplyInstallStatus({ installs, logger });
    await apply(envelope(data), TX);
    outcome = "stale";
    await apply(envelope(data), TX);
    expect(warnings).toEqual([]);
    outcome = "unknown";
    await apply(envelope(data), TX);
    expect(changes[0]).toEqual({
      installId: "0193a1b2-0000-7000-8000-0000000000e1",
      rpcId: "rpc-1",
      status: "sent",
      detail: null,
      attemptCount: 2,
      at: new Date("2026-11-28T19:30:00.000Z"),
      version: 3,
    });
    expect(warnings).toEqual([
      [{ installId: data.installId }, "install status for an install purchases does not hold"],
    ]);
  });
});
