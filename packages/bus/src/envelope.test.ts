import { validate as uuidValidate, version as uuidVersion } from "uuid";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelopeIdOf, newEvent, parseEnvelope, UnparsableEventError } from "./envelope";

describe("newEvent", () => {
  it("stamps a UUIDv7 id and an ISO millisecond UTC time", () => {
    const event = newEvent("publishing.item.published.v1", "publishing", { itemId: "i-1" });
    expect(uuidValidate(event.id)).toBe(true);
    expect(uuidVersion(event.id)).toBe(7);
    expect(event.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(event).toMatchObject({
      type: "publishing.item.published.v1",
      source: "publishing",
      data: { itemId: "i-1" },
    });
  });

  it("uses the given time and gives ids that sort by creation", () => {
    const at = new Date("2025-03-01T10:20:30.456Z");
    const first = newEvent("a.b.c.v1", "a", null, at);
    const second = newEvent("a.b.c.v1", "a", null, at);
    expect(first.occurredAt).toBe("2025-03-01T10:20:30.456Z");
    expect(first.id < second.id).toBe(true);
  });

  it("refuses an empty type or source", () => {
    expect(() => newEvent("", "a", {})).toThrow();
    expect(() => newEvent("a.b.c.v1", "", {})).toThrow();
  });
});

describe("parseEnvelope", () => {
  const schema = z.object({ priceCents: z.number().int() });

  it("round-trips an envelope and validates data with the schema", () => {
    const event = newEvent("catalog.price.changed.v1", "catalog", { priceCents: 990 });
    expect(parseEnvelope(JSON.stringify(event), schema)).toEqual(event);
  });

  it("rejects what can never be handled", () => {
    const event = newEvent("catalog.price.changed.v1", "catalog", { priceCents: "990" });
    const cases = [
      "{not json",
      JSON.stringify({ ...event, id: "not-a-uuid" }),
      JSON.stringify({ ...event, occurredAt: "yesterday" }),
      JSON.stringify({ ...event, type: "" }),
      JSON.stringify(event),
    ];
    for (const body of cases) expect(() => parseEnvelope(body, schema)).toThrow(UnparsableEventError);
  });

  it("keeps each data schema's own rules when envelopes are reused across messages", () => {
    const other = z.object({ name: z.string() });
    const price = JSON.stringify(newEvent("a.b.c.v1", "a", { priceCents: 5 }));
    const named = JSON.stringify(newEvent("a.b.c.v1", "a", { name: "x" }));
    for (let round = 0; round < 2; round++) {
      expect(parseEnvelope(price, schema).data).toEqual({ priceCents: 5 });
      expect(parseEnvelope(named, other).data).toEqual({ name: "x" });
      expect(() => parseEnvelope(named, schema)).toThrow(UnparsableEventError);
      expect(() => parseEnvelope(price, other)).toThrow(UnparsableEventError);
    }
  });

  it("accepts any data without a schema", () => {
    const event = newEvent("a.b.c.v1", "a", [1, "two"]);
    expect(parseEnvelope(JSON.stringify(event)).data).toEqual([1, "two"]);
  });
});

describe("envelopeIdOf", () => {
  it("recovers the id of a malformed envelope when there is one", () => {
    expect(envelopeIdOf(JSON.stringify({ id: "abc", data: 1 }))).toBe("abc");
    expect(envelopeIdOf("garbage")).toBeUndefined();
    expect(envelopeIdOf("[1]")).toBeUndefined();
  });
});
