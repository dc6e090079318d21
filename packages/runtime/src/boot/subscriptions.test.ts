import { ITEM_SNAPSHOT_EVENTS, itemCreatedV1, paymentUpdatedV1 } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import { assertListedConsumers } from "./subscriptions";

const payments = {
  durable: "purchases-payments",
  stream: "SETTLEMENTS",
  eventTypes: [paymentUpdatedV1.type],
};
const items = {
  durable: "purchases-items",
  stream: "PUBLISHING",
  eventTypes: ITEM_SNAPSHOT_EVENTS.map((e) => e.type),
};

describe("assertListedConsumers", () => {
  it("accepts consumers listed under the service, whatever the order of their event types", () => {
    expect(() =>
      assertListedConsumers("purchases", [payments, { ...items, eventTypes: items.eventTypes.toReversed() }]),
    ).not.toThrow();
    expect(() => assertListedConsumers("assets", [])).not.toThrow();
  });

  it.each([
    ["another name", { ...payments, durable: "purchases-payments-2" }],
    ["another stream", { ...payments, stream: "PURCHASES" }],
    ["fewer event types", { ...items, eventTypes: [itemCreatedV1.type] }],
    ["another service's consumer", { ...payments, durable: "settlements-ledger" }],
  ])("refuses a consumer with %s, naming it", (_, consumer) => {
    expect(() => assertListedConsumers("purchases", [payments, consumer])).toThrow(
      new RegExp(`purchases consumers missing from SUBSCRIPTIONS in @mp/contracts: ${consumer.durable} \\(`),
    );
  });

  it("refuses every consumer of a service with none listed", () => {
    expect(() => assertListedConsumers("assets", [payments])).toThrow(/assets consumers missing/);
  });
});
