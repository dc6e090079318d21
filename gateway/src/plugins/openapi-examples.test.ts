import { describe, expect, it } from "vitest";
import { exampleComposer, exampleGuid, problemCode, problemExample } from "./openapi-examples";

const compose = exampleComposer({
  Money: {
    type: "object",
    properties: {
      amount: { type: "integer" },
      currency: { type: "string", enum: ["AUD", "EUR"], examples: ["EUR"] },
    },
  },
});

describe("the example composer", () => {
  it("prefers a schema's own example, then the glossary's for the member, then the type", () => {
    expect(compose({ type: "string", examples: ["given"] }, "displayName")).toBe("given");
    expect(compose({ type: "string" }, "displayName")).toBe("Soil moisture monitor");
    expect(compose({ type: "integer", minimum: 5, maximum: 9 }, "unknownMember")).toBe(5);
    expect(compose({ type: "string", format: "uuid" }, "listingId")).toBe(exampleGuid("listingId"));
    expect(compose({ type: "string", enum: ["b", "a"] }, "x")).toBe("b");
  });

  it("skips a glossary example the schema would refuse", () => {
    expect(compose({ type: "integer", maximum: 100 }, "sizeBytes")).toBe(1);
  });

  it("follows references, arrays and nullable members", () => {
    expect(
      compose(
        {
          type: "object",
          properties: {
            price: { $ref: "#/components/schemas/Money" },
            tags: { type: "array", items: { type: "string" }, minItems: 2 },
            note: { anyOf: [{ type: "null" }, { type: "string" }] },
          },
        },
        "",
      ),
    ).toEqual({
      price: { amount: 1999, currency: "EUR" },
      tags: ["tag-example", "tag-example"],
      note: "note-example",
    });
  });

  it("meets every pattern of an allOf of strings", () => {
    const value = compose(
      { type: "string", allOf: [{ pattern: "^[^\\u0000-\\u001f]*$" }, { pattern: "^\\d{1,15}$" }] },
      "last-event-id",
    );
    expect(value).toBe("1");
  });
});

describe("problem examples", () => {
  it("take the first code of the response's status its description names", () => {
    expect(problemCode(409, "The state forbids this: `item-not-ready`, `invalid-state`.")).toBe(
      "item-not-ready",
    );
    expect(problemCode(400, "Not valid (`validation-failed`, `invalid-signature`).")).toBe(
      "validation-failed",
    );
    expect(problemCode(404, "Nothing names a code")).toBe("not-found");
    expect(problemCode(409, "A `not-found` is not a 409 code, `gallery-full` is.")).toBe("gallery-full");
  });

  it("carry the members their code adds and the field a 400 names", () => {
    expect(problemExample(400, "`validation-failed`", "/x", "body.name")).toMatchObject({
      status: 400,
      code: "validation-failed",
      instance: "/x",
      errors: { "body.name": ["Invalid input."] },
    });
    expect(problemExample(409, "`item-not-ready`", "/x", "body")).toMatchObject({ unmet: ["release"] });
  });
});
