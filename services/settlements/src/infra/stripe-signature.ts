import { AppError, ValidationError } from "@mp/errors";
import Stripe from "stripe";
import type { SignatureVerifier } from "../application/ports";

/** Contract section 5: a signature whose timestamp is older than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verification by the `stripe` package itself (`webhooks.constructEvent`): the header's `t` and every
 * `v1` it carries (Stripe sends several while an endpoint secret is being rolled) are checked against an
 * HMAC of the raw bytes, within the tolerance. Each configured secret is tried in turn, so during a
 * rotation events signed with the old or the new secret both verify.
 */
export function stripeSignatureVerifier(
  secrets: readonly string[],
  options: { toleranceSeconds?: number } = {},
): SignatureVerifier {
  if (secrets.length === 0) throw new Error("At least one webhook secret is needed");
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  return {
    verify(payload, header) {
      let reason = "no secret verifies it";
      for (const secret of secrets) {
        try {
          return Stripe.webhooks.constructEvent(payload, header, secret, tolerance);
        } catch (error) {
          if (error instanceof SyntaxError)
            throw new ValidationError({ body: ["is signed but is not JSON"] }, "The body is not JSON.");
          if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
          reason = firstLine(error.message);
        }
      }
      throw new AppError("invalid-signature", `The Stripe-Signature header does not verify: ${reason}.`);
    },
  };
}

/** Stripe's messages go on with advice for integrators; the first sentence is the reason. */
function firstLine(message: string): string {
  return (message.split(/\.\s|\.$|\n/)[0] ?? "").slice(0, 200);
}
