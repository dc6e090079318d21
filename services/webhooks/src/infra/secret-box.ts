import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { SecretBox } from "../application/ports";

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets sealed with AES-256-GCM under `WEBHOOK_SECRET_KEY` (32 bytes), the endpoint id as associated
 * data: `version (1 byte) | iv (12) | tag (16) | ciphertext`. Without the key a database read cannot sign,
 * and a sealed secret copied onto another endpoint's row does not open.
 */
export function makeSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("WEBHOOK_SECRET_KEY must be 32 bytes");
  return {
    generate: () => `whsec_${randomBytes(32).toString("base64url")}`,
    seal(endpointId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(endpointId));
      const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    open(endpointId, sealed) {
      if (sealed[0] !== VERSION) throw new Error(`unknown sealed-secret version ${sealed[0]}`);
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(endpointId));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/** `WEBHOOK_SECRET_KEY` as configured: 64 hex digits or base64 of 32 bytes; undefined when neither. */
export function parseSecretKey(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, "hex");
  const decoded = Buffer.from(text, "base64");
  return decoded.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(text) ? decoded : undefined;
}
