import { createHmac } from "node:crypto";

/** The header every delivery carries (Stripe's scheme under our name). */
export const SIGNATURE_HEADER = "Marketplace-Signature";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per live secret (the current one
 * first, then a rotated-out one while it still signs). The key is the whole secret string (`whsec_...`).
 */
export function signatureHeader(body: string, secrets: readonly string[], unixSeconds: number): string {
  if (secrets.length === 0) throw new Error("no secret to sign with");
  const v1 = secrets.map(
    (secret) => `v1=${createHmac("sha256", secret).update(`${unixSeconds}.`).update(body).digest("hex")}`,
  );
  return [`t=${unixSeconds}`, ...v1].join(",");
}
