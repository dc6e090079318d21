import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { assetFinalisedV1 } from "./assets";
import { instanceCreatedV1, instanceSnapshotV1 } from "./catalogue";
import { installStatusChangedV1, releaseCopyFailedV1, releaseStoredV1 } from "./iot";
import { LISTING_SNAPSHOT_EVENTS, OFFERING_SNAPSHOT_EVENTS } from "./listings";
import { ITEM_SNAPSHOT_EVENTS } from "./publishing";
import {
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
  itemReleaseSnapshotV1,
} from "./publishing-releases";
import { PURCHASE_SNAPSHOT_EVENTS, purchaseRefundedV1 } from "./purchases";
import { paymentUpdatedV1 } from "./settlements";
import { STATEMENT_LIFECYCLE_EVENTS } from "./statements";
import { STREAMS } from "./streams";

const events = [
  instanceCreatedV1,
  instanceSnapshotV1,
  assetFinalisedV1,
  releaseStoredV1,
  releaseCopyFailedV1,
  installStatusChangedV1,
  ...ITEM_SNAPSHOT_EVENTS,
  ...OFFERING_SNAPSHOT_EVENTS,
  ...LISTING_SNAPSHOT_EVENTS,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemReleaseFailedV1,
  itemReleaseSnapshotV1,
  paymentUpdatedV1,
  ...PURCHASE_SNAPSHOT_EVENTS,
  ...STATEMENT_LIFECYCLE_EVENTS,
];

describe("event contracts", () => {
  it.each(events.map((e) => [e.type, e] as const))(
    "%s is versioned and lives in its owner's stream",
    (type, event) => {
      expect(type).toMatch(/^[a-z-]+\.[a-z-]+\.[a-z-]+\.v\d+$/);
      const stream = STREAMS[event.stream as keyof typeof STREAMS];
      expect(stream).toBeDefined();
      const owner = stream.subjects[0]!.replace(".>", "");
      expect(type.split(".")[0]).toBe(owner);
    },
  );

  it("rejects payloads that break the contract", () => {
    const good = {
      id: "0193a1b2-0000-7000-8000-000000000001",
      name: "EU",
      ownerOrganisationId: "0193a1b2-0000-7000-8000-000000000002",
      defaultCurrency: "EUR",
      platformFeeBps: 100,
      createdAt: "2026-11-22T00:00:00.000Z",
    };
    expect(instanceCreatedV1.data.parse(good)).toEqual({ ...good, version: 1 });
    expect(() => instanceCreatedV1.data.parse({ ...good, platformFeeBps: 1.5 })).toThrow();
    expect(() => instanceCreatedV1.data.parse({ ...good, id: "nope" })).toThrow();
    expect(() =>
      releaseStoredV1.data.parse({
        jobId: good.id,
        correlationId: "x",
        organisationId: good.id,
        applicationId: 1,
        releaseId: "r",
        objectKey: "k",
        sizeBytes: 1,
        crc32: 1,
        sha256: "not-a-hash",
        storedAt: good.createdAt,
      }),
    ).toThrow();
  });

  it("holds payment updates to minor-unit money in a known currency", () => {
    const paid = {
      stripeEventId: "evt_1",
      kind: "paid",
      paymentIntentId: "pi_1",
      listingId: "0193a1b2-0000-7000-8000-000000000001",
      deviceId: "0123456789abcdef",
      amount: { amount: 1999, currency: "EUR" },
      livemode: false,
      occurredAt: "2026-11-22T00:00:00.000Z",
      version: 1,
    };
    expect(paymentUpdatedV1.data.parse(paid)).toEqual(paid);
    expect(() =>
      paymentUpdatedV1.data.parse({ ...paid, amount: { amount: 19.99, currency: "EUR" } }),
    ).toThrow();
    expect(() =>
      paymentUpdatedV1.data.parse({ ...paid, amount: { amount: 1999, currency: "eur" } }),
    ).toThrow();
    expect(() => paymentUpdatedV1.data.parse({ ...paid, kind: "settled" })).toThrow();
    expect(() => paymentUpdatedV1.data.parse({ ...paid, deviceId: "not-a-device" })).toThrow();
  });

  it("holds purchase events to the whole purchase, its money in minor units and the change", () => {
    const id = (n: number) => `0193a1b2-0000-7000-8000-00000000000${n}`;
    const eur = (amount: number) => ({ amount, currency: "EUR" });
    const refunded = {
      id: id(1),
      marketplaceItemId: id(2),
      displayName: "Tracker",
      listingId: id(3),
      marketplaceInstanceId: id(4),
      providerOrganisationId: id(5),
      deviceId: "0123456789abcdef",
      amount: eur(2000),
      amountRefunded: eur(500),
      status: "partially_refunded",
      livemode: false,
      purchasedAt: "2026-11-22T00:00:00.000Z",
      paymentReference: "pi_1",
      change: { kind: "refund", amount: eur(500), stripeEventId: "evt_2", at: "2026-11-22T01:00:00.000Z" },
      occurredAt: "2026-11-22T01:00:01.000Z",
      version: 2,
    };
    expect(purchaseRefundedV1.data.parse(refunded)).toEqual(refunded);
    expect(() => purchaseRefundedV1.data.parse({ ...refunded, status: "pending" })).toThrow();
    expect(() => purchaseRefundedV1.data.parse({ ...refunded, amountRefunded: eur(4.5) })).toThrow();
    expect(() =>
      purchaseRefundedV1.data.parse({ ...refunded, change: { ...refunded.change, kind: "chargeback" } }),
    ).toThrow();
  });

  it.each(events.map((e) => [e.type, e] as const))("%s carries its aggregate's version", (_type, event) => {
    const version = (event.data.shape as Record<string, z.ZodType>).version;
    expect(version).toBeDefined();
    for (const bad of [0, -1, 1.5, "1"]) expect(version?.safeParse(bad).success).toBe(false);
    expect(version?.safeParse(1).success).toBe(true);
  });

  it("reads version 1 into single-event aggregates written before versions existed", () => {
    const { version: _, ...old } = instanceCreatedV1.data.parse({
      id: "0193a1b2-0000-7000-8000-000000000001",
      name: "EU",
      ownerOrganisationId: "0193a1b2-0000-7000-8000-000000000002",
      defaultCurrency: "EUR",
      platformFeeBps: 100,
      createdAt: "2026-11-22T00:00:00.000Z",
    });
    expect(instanceCreatedV1.data.parse(old).version).toBe(1);
    expect(() => instanceCreatedV1.data.parse({ ...old, version: 2 })).toThrow();
  });
});
