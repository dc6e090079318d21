import { describe, expect, it } from "vitest";
import { refundAmount, returnUrlProblem } from "./checkout";

describe("return addresses", () => {
  it("refuses what is not an absolute URL, saying so", () => {
    expect(returnUrlProblem("/paid", false)).toBe("must be an absolute URL");
    expect(returnUrlProblem("not a url", true)).toBe("must be an absolute URL");
  });

  it("takes https everywhere and http outside production only", () => {
    expect(returnUrlProblem("https://shop.example/paid", true)).toBeNull();
    expect(returnUrlProblem("http://localhost/paid", false)).toBeNull();
    expect(returnUrlProblem("http://localhost/paid", true)).toBe("must be https in production");
  });
});

describe("refund amounts", () => {
  it("what is left is the amount less what was refunded; no amount asks for all of it", () => {
    const purchase = { amount: { amount: 1999, currency: "EUR" }, amountRefunded: 500 };
    expect(refundAmount(purchase, undefined)).toEqual({ remaining: 1499, amount: 1499 });
    expect(refundAmount(purchase, 100)).toEqual({ remaining: 1499, amount: 100 });
  });
});
