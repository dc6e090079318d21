import { describe, expect, it } from "vitest";
import { checkoutVerdict } from "./checkout-fixture";

const problem = (code: string, detail: string) =>
  JSON.stringify({ type: `https://errors.example/${code}`, code, detail });

describe("checkoutVerdict", () => {
  it("takes a 201 as a built route", () => {
    expect(checkoutVerdict(201, JSON.stringify({ checkoutSessionId: "cs_test_1" }))).toBe("ready");
  });

  it("reports a route the gateway does not know, or a pending one, as not built", () => {
    const unknown = problem(
      "not-found",
      "No route matches POST /marketplace/providers/listings/x/checkout-sessions.",
    );
    expect(checkoutVerdict(404, unknown)).toBe("not-built");
    expect(checkoutVerdict(405, "")).toBe("not-built");
    expect(checkoutVerdict(501, problem("not-implemented", "Not built yet."))).toBe("not-built");
  });

  it("fails on a device the caller does not own, instead of calling the route unbuilt", () => {
    expect(checkoutVerdict(404, problem("not-found", "No device 00000000000000aa."))).toBe("refused");
  });

  it("waits while purchases has not learned the listing, and fails on any other refusal", () => {
    expect(checkoutVerdict(409, problem("not-listed", "You have no enabled listing."))).toBe("retry");
    expect(checkoutVerdict(409, problem("already-purchased", "Bought."))).toBe("refused");
    expect(checkoutVerdict(503, problem("unavailable", "Stripe unreachable."))).toBe("refused");
    expect(checkoutVerdict(400, problem("validation", "body.deviceId"))).toBe("refused");
  });
});
