import {
  createPrivateKey,
  createPublicKey,
  type JsonWebKey,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import type { JSONWebKeySet, JWK } from "jose";
import { MESH_ALGORITHM } from "./mesh-keys";

/**
 * Compact ES256 JWS over node:crypto key objects. Every mesh call signs and verifies one assertion, and
 * node:crypto does each synchronously in tens of microseconds where jose (WebCrypto on Node) took about
 * 200 µs apiece (bench/src/mesh/assertion-cost.ts). Only what the mesh needs: header `{alg: "ES256", kid,
 * typ: "JWT"}`, P-256 keys, signatures in the JWS (IEEE P1363) encoding.
 */

/** Why a token was refused, before its claims are looked at. */
export class JwsRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "JwsRejected";
  }
}

const P1363 = "ieee-p1363" as const;

/** A signing function for one private JWK: the header (with its kid) is encoded once. */
export function jwsSigner(privateKey: JWK): (payload: object) => string {
  const key = createPrivateKey({ key: privateKey as JsonWebKey, format: "jwk" });
  const header = Buffer.from(
    JSON.stringify({ alg: MESH_ALGORITHM, kid: privateKey.kid, typ: "JWT" }),
  ).toString("base64url");
  return (payload) => {
    const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
    return `${input}.${sign("sha256", Buffer.from(input), { key, dsaEncoding: P1363 }).toString("base64url")}`;
  };
}

/** The public keys of a JWKS by kid (EC P-256 only; others are left out, so tokens naming them fail). */
export function publicKeysByKid(jwks: JSONWebKeySet): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const jwk of jwks.keys) {
    if (typeof jwk.kid !== "string" || jwk.kty !== "EC" || jwk.crv !== "P-256") continue;
    const { kty, crv, x, y } = jwk;
    keys.set(jwk.kid, createPublicKey({ key: { kty, crv, x, y }, format: "jwk" }));
  }
  return keys;
}

/**
 * The payload of a token whose ES256 signature verifies with the key its header names, and that kid.
 * The header must name ES256 (no other algorithm is tried, whatever the key) and no critical extension.
 */
export function verifyJws(
  token: string,
  keys: ReadonlyMap<string, KeyObject>,
): { payload: Record<string, unknown>; kid: string } {
  const first = token.indexOf(".");
  const last = token.lastIndexOf(".");
  if (first <= 0 || last === first || token.indexOf(".", first + 1) !== last)
    throw new JwsRejected("is invalid (not a compact JWS)");
  const header = parseJson(token.slice(0, first));
  if (!header) throw new JwsRejected("is invalid (header)");
  if (header.alg !== MESH_ALGORITHM) throw new JwsRejected("uses an algorithm other than ES256");
  if (header.crit !== undefined) throw new JwsRejected("is invalid (critical header)");
  const kid = header.kid;
  const key = typeof kid === "string" ? keys.get(kid) : undefined;
  if (!key || typeof kid !== "string") throw new JwsRejected("names no key of the mesh");
  const signature = Buffer.from(token.slice(last + 1), "base64url");
  const input = Buffer.from(token.slice(0, last));
  if (signature.length !== 64 || !verify("sha256", input, { key, dsaEncoding: P1363 }, signature))
    throw new JwsRejected("has a signature that does not verify");
  const payload = parseJson(token.slice(first + 1, last));
  if (!payload) throw new JwsRejected("is invalid (payload)");
  return { payload, kid };
}

/** A base64url-encoded JSON object, or undefined. */
function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
