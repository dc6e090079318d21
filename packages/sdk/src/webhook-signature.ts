import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signatures of the marketplace's outgoing webhooks, for receivers. The header carries
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several `v1` while a secret rotates); a
 * delivery is genuine when one `v1` matches and `t` is within the tolerance of the receiver's clock.
 */
export const WEBHOOK_SIGNATURE_HEADER = "Marketplace-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { valid: true; timestamp: number }
  | { valid: false; reason: "malformed" | "expired" | "mismatch" };

export interface VerifyOptions {
  /** The raw request body exactly as received (not re-serialised JSON). */
  payload: string | Uint8Array;
  /** The `Marketplace-Signature` header's value. */
  header: string | null | undefined;
  secret: string;
  /** Largest accepted distance between `t` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock in unix seconds (default now). */
  nowSeconds?: number;
}

/**
 * The header the marketplace sends: one `v1` per secret given (while a secret rotates, the marketplace
 * signs with the new one and the previous one for 24 hours). For tests of a receiver.
 */
export function signWebhookPayload(
  payload: string | Uint8Array,
  secret: string | readonly string[],
  timestamp: number,
): string {
  const secrets = typeof secret === "string" ? [secret] : secret;
  const v1 = secrets.map((s) => `,v1=${hmac(payload, s, timestamp).toString("hex")}`).join("");
  return `t=${timestamp}${v1}`;
}

export function verifyWebhookSignature(options: VerifyOptions): SignatureCheck {
  const parsed = parseHeader(options.header);
  if (!parsed) return { valid: false, reason: "malformed" };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - parsed.timestamp) > tolerance) return { valid: false, reason: "expired" };
  const expected = hmac(options.payload, options.secret, parsed.timestamp);
  const matches = parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { valid: true, timestamp: parsed.timestamp } : { valid: false, reason: "mismatch" };
}

function hmac(payload: string | Uint8Array, secret: string, timestamp: number): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(payload).digest();
}

function parseHeader(header: string | null | undefined): { timestamp: number; signatures: string[] } | null {
  if (!header) return null;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}
