import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../domain/purchase";
import { makeGetDownloadAccess } from "./get-download-access";
import type { PurchaseRepository } from "./ports";
import { makeGetDeviceDetails, makeListPurchaseReleases } from "./provider-devices";
import { makeCreateRefund } from "./refund";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const PURCHASE = "0193a1b2-0000-7000-8000-0000000000d1";
const ctx = (roles: Array<"provider" | "developer">): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG, roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const purchase = {
  id: PURCHASE,
  amount: { amount: 1999, currency: "EUR" },
  amountRefunded: 0,
  status: "disputed",
  paymentReference: "pi_1",
} as Purchase;
const purchases = {
  byId: async () => purchase,
  ofDevice: async () => [purchase],
  ofDeviceItem: async () => [purchase],
  statusesOf: async () => ["completed"],
} as unknown as PurchaseRepository;
const iot = { get: async () => ({ board: { id: "b" }, application: null }) } as never;

describe("provider-only use cases refuse other roles", () => {
  it("device details, a purchase's releases and refunds", async () => {
    const developer = ctx(["developer"]);
    const details = makeGetDeviceDetails({
      iot,
      purchases,
      defaultLivemode: false,
      installs: { recentOfDevice: async () => [] },
    });
    await expect(details("0123456789abcdef", developer)).rejects.toMatchObject({ code: "forbidden" });
    const releases = makeListPurchaseReleases({
      iot,
      purchases,
      defaultLivemode: false,
      db: {} as never,
      releases: { ofItem: async () => ({ items: [] }) } as never,
    });
    const raw = { page: 0, pageSize: 0, orderBy: "", direction: "", deviceId: "0123456789abcdef" };
    await expect(
      releases({ ...raw, marketplaceItemId: "0193a1b2-0000-7000-8000-0000000000a1" }, developer),
    ).rejects.toMatchObject({ code: "forbidden" });
    const refund = makeCreateRefund({ purchases, stripe: {} as never });
    await expect(
      refund({ purchaseId: PURCHASE, amount: undefined, reason: "" }, developer),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("refund details", () => {
  const refund = makeCreateRefund({ purchases, stripe: {} as never });

  it("a disputed purchase's refusal names its state", async () => {
    await expect(
      refund({ purchaseId: PURCHASE, amount: undefined, reason: "" }, ctx(["provider"])),
    ).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "disputed" },
    });
  });

  it("a purchase id must be a whole guid, anchored at both ends", async () => {
    for (const purchaseId of [`x${PURCHASE}`, `${PURCHASE}x`])
      await expect(
        refund({ purchaseId, amount: undefined, reason: "" }, ctx(["provider"])),
      ).rejects.toMatchObject({
        extensions: { errors: { "path.purchaseId": ["must be a guid"] } },
      });
  });
});

describe("download access for a device the platform does not know", () => {
  it("is not-device-owner, not an error", async () => {
    const access = makeGetDownloadAccess({
      db: {} as never,
      items: { displayName: async () => "Item" } as never,
      releases: { ofVersion: async () => [] } as never,
      purchases,
      devices: { ownerOf: async () => null },
      signer: { presignGet: async () => "u" },
      clock: { now: () => new Date() },
      defaultLivemode: false,
    });
    expect(
      await access(
        {
          marketplaceItemId: "0193a1b2-0000-7000-8000-0000000000a1",
          version: "1.0.0",
          deviceId: "0123456789abcdef",
        },
        ctx(["developer"]),
      ),
    ).toEqual({ eligible: false, reason: "not-device-owner" });
  });
});
