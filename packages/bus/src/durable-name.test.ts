import { describe, expect, it } from "vitest";
import { durableName, isDurableOf } from "./durable-name";

describe("durableName", () => {
  it("depends on the set of event types, not on their order or repeats", () => {
    const a = durableName("shipping", ["a.x.created.v1", "a.x.updated.v1"]);
    expect(a).toMatch(/^shipping-[0-9a-f]{8}$/);
    expect(durableName("shipping", ["a.x.updated.v1", "a.x.created.v1", "a.x.updated.v1"])).toBe(a);
  });

  it("changes when the set changes, so a new release gets its own durable", () => {
    const old = durableName("shipping", ["a.x.created.v1"]);
    const next = durableName("shipping", ["a.x.created.v1", "a.x.snapshot.v1"]);
    expect(next).not.toBe(old);
    expect(next.startsWith("shipping-")).toBe(true);
  });

  it("refuses names NATS would reject and empty sets", () => {
    expect(() => durableName("a.b", ["x"])).toThrow();
    expect(() => durableName("a b", ["x"])).toThrow();
    expect(() => durableName("ok", [])).toThrow();
  });

  it("recognises every durable of a logical consumer and no other", () => {
    const name = durableName("ship", ["a"]);
    expect(isDurableOf("ship", name)).toBe(true);
    expect(isDurableOf("ship", durableName("ship", ["b"]))).toBe(true);
    expect(isDurableOf("ship", durableName("ship-fast", ["a"]))).toBe(false);
    expect(isDurableOf("ship-fast", name)).toBe(false);
    expect(isDurableOf("ship", "ship")).toBe(false);
  });
});
