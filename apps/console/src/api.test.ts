import { MarketplaceError } from "@mp/sdk/browser";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf, sentence } from "./api";

const validation = new MarketplaceError(400, {
  type: "about:blank",
  title: "Bad Request",
  status: 400,
  code: "validation-failed",
  detail: "The request is invalid",
  errors: {
    "body.price.amount": ["must be an integer"],
    "body.licenseUrl": ["Expected an absolute https URL."],
  },
});

describe("problems as sentences", () => {
  it("files each field's messages under its name and its last segment, as sentences", () => {
    expect(fieldErrorsOf(validation)).toEqual({
      "price.amount": "Must be an integer.",
      amount: "Must be an integer.",
      licenseUrl: "Expected an absolute https URL.",
    });
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });

  it("ends the problem's detail as a sentence", () => {
    expect(sentence(validation)).toBe("The request is invalid.");
    expect(sentence(new MarketplaceError(503, undefined))).toBe("HTTP 503.");
    expect(sentence(new Error("offline"))).toBe("Something went wrong: offline.");
  });
});
