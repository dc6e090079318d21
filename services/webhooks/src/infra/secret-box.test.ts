import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeSecretBox, parseSecretKey } from "./secret-box";

const key = randomBytes(32);
const endpoint = "0193a1b2-0000-7000-8000-000000000001";

describe("sealed secrets", () => {
  it("makes whsec_ secrets that differ every time", () => {
    const box = makeSecretBox(key);
    const a = box.generate();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(box.generate()).not.toBe(a);
  });

  it("opens what it sealed, and the sealed bytes do not hold the secret", () => {
    const box = makeSecretBox(key);
    const secret = box.generate();
    const sealed = box.seal(endpoint, secret);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    expect(box.open(endpoint, sealed)).toBe(secret);
  });

  it("does not open under another key, for another endpoint, or tampered with", () => {
    const box = makeSecretBox(key);
    const sealed = box.seal(endpoint, "whsec_x");
    expect(() => makeSecretBox(randomBytes(32)).open(endpoint, sealed)).toThrow();
    expect(() => box.open("0193a1b2-0000-7000-8000-000000000002", sealed)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1;
    expect(() => box.open(endpoint, tampered)).toThrow();
  });

  it("reads the key as 64 hex digits or base64 of 32 bytes", () => {
    expect(parseSecretKey(key.toString("hex"))).toEqual(key);
    expect(parseSecretKey(key.toString("base64"))).toEqual(key);
    expect(parseSecretKey("short")).toBeUndefined();
    expect(parseSecretKey(randomBytes(16).toString("hex"))).toBeUndefined();
  });
});
