import { describe, expect, it } from "vitest";
import { envelopeOf } from "./payment-event";

const bytes = Buffer.from("{}");

describe("the envelope of a verified event", () => {
  it("reads id, type, livemode and created", () => {
    expect(
      envelopeOf({ id: "evt_1", type: "charge.refunded", livemode: true, created: 1_700_000_000 }, bytes),
    ).toEqual({
      id: "evt_1",
      type: "charge.refunded",
      livemode: true,
      created: new Date(1_700_000_000_000),
      payload: bytes,
    });
  });

  it("keeps an event whose other fields are odd, with what it cannot read as null", () => {
    expect(envelopeOf({ id: "evt_1", type: "x", livemode: "yes", created: "today" }, bytes)).toMatchObject({
      livemode: null,
      created: null,
    });
    expect(envelopeOf({ id: "evt_1", type: "x", created: 1.5 }, bytes).created).toBeNull();
  });

  it("refuses what it cannot key, naming the field", () => {
    const fieldsOf = (event: unknown) => {
      try {
        envelopeOf(event, bytes);
      } catch (error) {
        return Object.keys((error as { extensions: { errors: object } }).extensions.errors);
      }
      return [];
    };
    expect(fieldsOf({ type: "x" })).toEqual(["body.id"]);
    expect(fieldsOf({ id: 12, type: "x" })).toEqual(["body.id"]);
    expect(fieldsOf({ id: "x".repeat(256), type: "x" })).toEqual(["body.id"]);
    expect(fieldsOf({ id: "evt_1" })).toEqual(["body.type"]);
    expect(fieldsOf({ id: "evt\u0000", type: "x" })).toEqual(["body.id"]);
    expect(fieldsOf({ id: "evt_1", type: "a\nb" })).toEqual(["body.type"]);
    expect(fieldsOf([1])).toEqual(["body"]);
    expect(fieldsOf("evt")).toEqual(["body"]);
  });
});
