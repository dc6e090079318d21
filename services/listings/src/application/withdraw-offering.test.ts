import { describe, expect, it } from "vitest";
import {
  ctxOf,
  EARLIER,
  fakeStore,
  INSTANCE,
  instanceOf,
  type LogLine,
  listingOf,
  NOW,
  OTHER_INSTANCE,
  OTHER_ORG,
  offeringOf,
  principal,
} from "../testing/fakes";
import { makeWithdrawOffering } from "./withdraw-offering";

const admin = principal(["admin"]);
const offering = offeringOf();
const otherOffering = offeringOf({ id: "0193a1b2-0000-7000-8000-0000000000f2" });
const enabled = listingOf({ version: 2 });
const enabledOfOther = listingOf({
  id: "0193a1b2-0000-7000-8000-0000000001a2",
  providerOrganisationId: OTHER_ORG,
});
const alreadyDisabled = listingOf({
  id: "0193a1b2-0000-7000-8000-0000000001a3",
  disabled: true,
  supersededAt: EARLIER,
  version: 5,
});
const elsewhere = listingOf({ id: "0193a1b2-0000-7000-8000-0000000001a4", offeringId: otherOffering.id });

function world() {
  const store = fakeStore({
    offerings: [offering, otherOffering],
    listings: [enabled, enabledOfOther, alreadyDisabled, elsewhere],
  });
  return { ...store, withdraw: makeWithdrawOffering(store.deps) };
}

describe("withdrawOffering", () => {
  it("withdraws the offering and disables each of its enabled listings, announcing every change", async () => {
    const w = world();
    const logs: LogLine[] = [];
    await w.withdraw({ instanceId: INSTANCE, offeringId: offering.id.toUpperCase() }, ctxOf(admin, logs));
    const withdrawn = { ...offering, withdrawnAt: NOW, version: 2 };
    expect(w.rows().offerings).toEqual([withdrawn, otherOffering]);
    expect(w.rows().listings).toEqual([
      { ...enabled, disabled: true, version: 3 },
      { ...enabledOfOther, disabled: true, version: 2 },
      alreadyDisabled,
      elsewhere,
    ]);
    expect(w.events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([
      ["listings.offering.withdrawn.v1", offering.id],
      ["listings.listing.disabled.v1", enabled.id],
      ["listings.listing.disabled.v1", enabledOfOther.id],
    ]);
    expect(w.events[0]).toMatchObject({
      source: "listings",
      occurredAt: NOW.toISOString(),
      data: { withdrawnAt: NOW.toISOString(), createdAt: EARLIER.toISOString(), version: 2 },
    });
    expect(w.events[1]?.data).toMatchObject({ disabled: true, supersededAt: null, version: 3 });
    expect(logs).toEqual([
      { level: "info", fields: { offeringId: offering.id }, message: "offering withdrawn" },
    ]);
  });

  it("is idempotent: withdrawing again changes nothing and announces nothing", async () => {
    const w = world();
    await w.withdraw({ instanceId: INSTANCE, offeringId: offering.id }, ctxOf(admin));
    const after = structuredClone(w.rows());
    const count = w.events.length;
    await w.withdraw({ instanceId: INSTANCE, offeringId: offering.id }, ctxOf(admin));
    expect(w.rows()).toEqual(after);
    expect(w.events).toHaveLength(count);
  });

  it("answers not-found for an offering of another instance and for an unknown one", async () => {
    const store = fakeStore({
      instances: [instanceOf(), instanceOf({ id: OTHER_INSTANCE })],
      offerings: [offeringOf({ marketplaceInstanceId: OTHER_INSTANCE })],
    });
    const withdraw = makeWithdrawOffering(store.deps);
    await expect(
      withdraw({ instanceId: INSTANCE, offeringId: offering.id }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "not-found",
      message: "Offering was not found.",
    });
    expect(store.rows().offerings[0]?.withdrawnAt).toBeNull();
    expect(store.events).toEqual([]);
  });

  it("refuses an offering id that is no guid as path.offeringId, and a caller who is not admin", async () => {
    const w = world();
    await expect(w.withdraw({ instanceId: INSTANCE, offeringId: "x" }, ctxOf(admin))).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "path.offeringId": expect.any(Array) },
    });
    await expect(
      w.withdraw({ instanceId: INSTANCE, offeringId: offering.id }, ctxOf(principal(["provider"]))),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(w.events).toEqual([]);
  });
});
