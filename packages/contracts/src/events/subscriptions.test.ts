import { describe, expect, it } from "vitest";
import { EVENT_OWNERS, type EventOwner, ownerOfSubject } from "./owners";
import { findSubscription, SUBSCRIPTIONS } from "./subscriptions";

describe("ownerOfSubject", () => {
  it("maps each subject prefix to its service, iot to iot-adapter", () => {
    expect(ownerOfSubject("iot.install.status-changed.v1")).toBe("iot-adapter");
    expect(ownerOfSubject("settlements.payment.updated.v1")).toBe("settlements");
    expect(ownerOfSubject("iot-adapter.x.v1")).toBeUndefined();
    expect(ownerOfSubject("forged.x.v1")).toBeUndefined();
  });
});

describe("SUBSCRIPTIONS", () => {
  const all = Object.entries(SUBSCRIPTIONS).flatMap(([service, subs]) =>
    subs.map((s) => ({ service, ...s })),
  );

  it("names each durable after its service, once", () => {
    for (const s of all) expect(s.durable.startsWith(`${s.service}-`), s.durable).toBe(true);
    expect(new Set(all.map((s) => s.durable)).size).toBe(all.length);
  });

  it("reads only event types of the stream's owner, from another service's stream", () => {
    for (const s of all) {
      const owner = Object.entries(EVENT_OWNERS).find(
        ([, o]) => o.stream.name === s.stream,
      )?.[0] as EventOwner;
      expect(owner, s.durable).toBeDefined();
      expect(owner, s.durable).not.toBe(s.service);
      for (const type of s.eventTypes) expect(ownerOfSubject(type), `${s.durable}: ${type}`).toBe(owner);
    }
  });

  it("finds a subscription by service, name, stream and set of types", () => {
    const [ledger] = SUBSCRIPTIONS.settlements.filter((s) => s.durable === "settlements-ledger");
    expect(
      ledger && findSubscription("settlements", { ...ledger, eventTypes: [...ledger.eventTypes].reverse() }),
    ).toBe(ledger);
    expect(ledger && findSubscription("purchases", ledger)).toBeUndefined();
    expect(findSubscription("nobody", { durable: "x", stream: "X", eventTypes: [] })).toBeUndefined();
  });
});
