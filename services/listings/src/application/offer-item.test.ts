import { describe, expect, it } from "vitest";
import {
  ctxOf,
  fakeStore,
  INSTANCE,
  ITEM,
  instanceOf,
  itemOf,
  type LogLine,
  NOW,
  OTHER_INSTANCE,
  OTHER_ORG,
  offeringOf,
  principal,
} from "../testing/fakes";
import { makeOfferItem } from "./offer-item";

const admin = principal(["admin"]);
const offerOf = (seed: Parameters<typeof fakeStore>[0]) => {
  const store = fakeStore(seed);
  return { ...store, offer: makeOfferItem(store.deps) };
};

describe("offerItem", () => {
  it("offers a published item of the admin's instance: version 1, stored and announced", async () => {
    const w = offerOf({ items: [itemOf()] });
    const logs: LogLine[] = [];
    const offering = await w.offer(
      { instanceId: INSTANCE.toUpperCase(), marketplaceItemId: ITEM.toUpperCase() },
      ctxOf(principal(["admin"], admin.organisationId.toUpperCase()), logs),
    );
    const expected = {
      id: "0193a1b2-0000-7000-8000-000000000001",
      marketplaceInstanceId: INSTANCE,
      marketplaceItemId: ITEM,
      createdAt: NOW,
      withdrawnAt: null,
      version: 1,
    };
    expect(offering).toEqual(expected);
    expect(w.rows().offerings).toEqual([expected]);
    expect(w.calls.locked).toEqual([ITEM]);
    expect(w.events).toHaveLength(1);
    expect(w.events[0]).toMatchObject({
      type: "listings.offering.offered.v1",
      source: "listings",
      occurredAt: NOW.toISOString(),
      data: {
        id: expected.id,
        marketplaceInstanceId: INSTANCE,
        marketplaceItemId: ITEM,
        createdAt: NOW.toISOString(),
        withdrawnAt: null,
        occurredAt: NOW.toISOString(),
        version: 1,
      },
    });
    expect(logs).toEqual([
      { level: "info", fields: { offeringId: expected.id, itemId: ITEM }, message: "item offered" },
    ]);
  });

  it("offering it again returns the active offering, with no new row and no event", async () => {
    const active = offeringOf();
    const w = offerOf({ items: [itemOf()], offerings: [active] });
    await expect(w.offer({ instanceId: INSTANCE, marketplaceItemId: ITEM }, ctxOf(admin))).resolves.toEqual(
      active,
    );
    expect(w.rows().offerings).toEqual([active]);
    expect(w.events).toEqual([]);
  });

  it("refuses an item that is not published, naming its state, and stores nothing", async () => {
    const w = offerOf({ items: [itemOf({ status: "draft" })] });
    await expect(
      w.offer({ instanceId: INSTANCE, marketplaceItemId: ITEM }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "invalid-state",
      message: "Only a published item can be offered; it is draft.",
      extensions: { state: "draft" },
    });
    expect(w.rows().offerings).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it("answers not-found for an unknown item and for an item of another instance", async () => {
    const instances = [instanceOf(), instanceOf({ id: OTHER_INSTANCE })];
    const w = offerOf({ instances, items: [itemOf({ marketplaceInstanceId: OTHER_INSTANCE })] });
    await expect(
      w.offer({ instanceId: INSTANCE, marketplaceItemId: ITEM }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "not-found",
      message: "Marketplace item was not found.",
    });
    const none = offerOf({ items: [] });
    await expect(
      none.offer({ instanceId: INSTANCE, marketplaceItemId: ITEM }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "not-found",
      message: "Marketplace item was not found.",
    });
  });

  it("refuses an item id that is no guid as body.marketplaceItemId", async () => {
    const w = offerOf({ items: [itemOf()] });
    await expect(
      w.offer({ instanceId: INSTANCE, marketplaceItemId: "thermo" }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "body.marketplaceItemId": expect.any(Array) },
    });
  });
});

describe("the admin's instance (offering-access)", () => {
  it("hides another organisation's instance like an unknown one, and needs the admin role", async () => {
    const w = offerOf({ items: [itemOf()], instances: [instanceOf({ ownerOrganisationId: OTHER_ORG })] });
    const call = { instanceId: INSTANCE, marketplaceItemId: ITEM };
    await expect(w.offer(call, ctxOf(admin))).rejects.toMatchObject({
      code: "not-found",
      message: "Marketplace instance was not found.",
    });
    await expect(w.offer(call, ctxOf(principal(["admin"], OTHER_ORG)))).resolves.toMatchObject({
      version: 1,
    });
    await expect(w.offer(call, ctxOf(principal(["provider", "developer"], OTHER_ORG)))).rejects.toMatchObject(
      {
        code: "forbidden",
      },
    );
    const unknown = offerOf({ items: [itemOf()], instances: [] });
    await expect(unknown.offer(call, ctxOf(admin))).rejects.toMatchObject({ code: "not-found" });
  });

  it("refuses an instance id that is no guid as path.instanceId", async () => {
    const w = offerOf({ items: [itemOf()] });
    await expect(
      w.offer({ instanceId: "mine", marketplaceItemId: ITEM }, ctxOf(admin)),
    ).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "path.instanceId": expect.any(Array) },
    });
  });
});
