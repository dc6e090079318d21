import { AppError } from "@mp/errors";
import { checkoutSessionCompleted, signStripePayload } from "@mp/testing/stripe";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeSignatureVerifier } from "./stripe-signature";

const SECRET = "whsec_test_current_0000000000000000";
const OLD_SECRET = "whsec_test_previous_000000000000000";
const event = checkoutSessionCompleted({
  listingId: "0193a1b2-0000-7000-8000-000000000001",
  deviceId: "0123456789abcdef",
  amount: 1999,
  currency: "EUR",
});
const body = JSON.stringify(event);
const bytes = Buffer.from(body);
const now = () => Math.floor(Date.now() / 1000);

function refusal(verify: () => unknown): AppError {
  try {
    verify();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a refusal");
}

const expectInvalid = (verify: () => unknown) => expect(refusal(verify).code).toBe("invalid-signature");

describe("Stripe-Signature verification", () => {
  const verifier = stripeSignatureVerifier([SECRET]);

  it("accepts the raw bytes Stripe signed and returns the event", () => {
    expect(verifier.verify(bytes, signStripePayload(body, SECRET))).toEqual(event);
  });

  it("refuses a tampered body, even one that differs only in whitespace", () => {
    const signature = signStripePayload(body, SECRET);
    const tampered = Buffer.from(body.replace('"amount_total":1999', '"amount_total":1'));
    expectInvalid(() => verifier.verify(tampered, signature));
    expectInvalid(() => verifier.verify(Buffer.from(JSON.stringify(event, null, 1)), signature));
  });

  it("refuses a signature made with another secret", () => {
    expectInvalid(() => verifier.verify(bytes, signStripePayload(body, "whsec_someone_else_000000")));
  });

  it("refuses a timestamp older than 300 s, and accepts one just inside", () => {
    expectInvalid(() => verifier.verify(bytes, signStripePayload(body, SECRET, now() - 301)));
    expect(verifier.verify(bytes, signStripePayload(body, SECRET, now() - 290))).toEqual(event);
    // The timestamp is signed too: moving it to now breaks the signature.
    const stale = signStripePayload(body, SECRET, now() - 1000);
    expectInvalid(() => verifier.verify(bytes, stale.replace(/^t=\d+/, `t=${now()}`)));
  });

  it("refuses a missing, empty or garbled header, and an empty body signed as another", () => {
    for (const header of ["", "garbage", `t=${now()}`, `v1=${"a".repeat(64)}`, `t=${now()},v0=abc`])
      expectInvalid(() => verifier.verify(bytes, header));
    expectInvalid(() => verifier.verify(Buffer.alloc(0), signStripePayload(body, SECRET)));
  });

  it("accepts a header with several v1 signatures when one of them verifies", () => {
    const t = now();
    const good = signStripePayload(body, SECRET, t).split("v1=")[1];
    const other = signStripePayload(body, OLD_SECRET, t).split("v1=")[1];
    expect(verifier.verify(bytes, `t=${t},v1=${other},v1=${good}`)).toEqual(event);
    expect(verifier.verify(bytes, `t=${t},v1=${good},v1=${other}`)).toEqual(event);
    expectInvalid(() => verifier.verify(bytes, `t=${t},v1=${other},v1=${"0".repeat(64)}`));
  });

  it("tries each configured secret, so both sides of a rotation verify", () => {
    const rotating = stripeSignatureVerifier([OLD_SECRET, SECRET]);
    expect(rotating.verify(bytes, signStripePayload(body, OLD_SECRET))).toEqual(event);
    expect(rotating.verify(bytes, signStripePayload(body, SECRET))).toEqual(event);
    expectInvalid(() => rotating.verify(bytes, signStripePayload(body, "whsec_neither_0000000")));
    expectInvalid(() => rotating.verify(bytes, signStripePayload(body, OLD_SECRET, now() - 301)));
  });

  it("answers validation-failed, not a crash, for signed bytes that are not JSON", () => {
    for (const text of ["not json {", ""]) {
      const error = refusal(() => verifier.verify(Buffer.from(text), signStripePayload(text, SECRET)));
      expect(error.code).toBe("validation-failed");
    }
  });

  it("is the stripe package's verification (the same header its own helper accepts)", () => {
    const header = signStripePayload(body, SECRET);
    expect(Stripe.webhooks.constructEvent(bytes, header, SECRET, 300)).toEqual(
      verifier.verify(bytes, header),
    );
  });
});
