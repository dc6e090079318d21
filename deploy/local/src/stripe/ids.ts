import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: `cs_test_a1B2...`, `pi_3Q...`: the prefix, then 24 random base-62 characters. */
export function newId(prefix: string): string {
  return `${prefix}_${[...randomBytes(24)].map((byte) => ALPHABET[byte % 62]).join("")}`;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);
