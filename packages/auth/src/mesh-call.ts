import { createHmac, diffieHellman, hkdfSync, type KeyObject, timingSafeEqual } from "node:crypto";
import { MESH_KID } from "./mesh-keys";

/**
 * The per-call proof of the mesh: an HMAC-SHA256 under a key only the caller and the callee can compute.
 * Each pair of mesh keys shares one: K(a, b) = HKDF-SHA256(ECDH(a.private, b.public), salt, info = both
 * kids in order), the same from either end (static-static ECDH over the P-256 keys of the JWKS). A MAC
 * costs a few µs where an ES256 signature and its verification cost about 100 (docs/adr/0008).
 */

/** HKDF salt of the pairwise keys, and the first line of every MAC input. */
export const MESH_CALL_CONTEXT = "marketplace-mesh-call-v1";

/** A call token is a few hundred bytes; anything far larger is refused before parsing. */
export const MAX_CALL_TOKEN_LENGTH = 1_024;

/** Pairwise keys of one process's key with every published key, each derived on first use. */
export class PairwiseKeys {
  private readonly derived = new Map<string, Buffer>();

  constructor(
    private readonly ownKid: string,
    private readonly ownPrivateKey: KeyObject,
    private readonly published: ReadonlyMap<string, KeyObject>,
  ) {}

  /** K(own key, the key `peerKid`), or undefined when the JWKS has no such key. */
  with(peerKid: string): Buffer | undefined {
    const known = this.derived.get(peerKid);
    if (known) return known;
    const peer = this.published.get(peerKid);
    if (!peer) return undefined;
    const secret = diffieHellman({ privateKey: this.ownPrivateKey, publicKey: peer });
    const info = [this.ownKid, peerKid].sort().join("\n");
    const key = Buffer.from(hkdfSync("sha256", secret, MESH_CALL_CONTEXT, info, 32));
    this.derived.set(peerKid, key);
    return key;
  }
}

/** What one call's MAC covers: the call's identity, its method and every credential sent beside it. */
export interface CallFacts {
  callerKid: string;
  calleeKid: string;
  /** The callee's signer name (`service:catalogue`). */
  audience: string;
  /** The gRPC method's full path. */
  method: string;
  /** Epoch s. */
  iat: number;
  jti: string;
  /** The organisation a service acting as itself names, if any. */
  organisationId: string | undefined;
  /** The `x-request-id` sent with the call. */
  requestId: string | undefined;
  /** The gateway's user assertion, or the user assertion a service forwards. */
  assertion: string | undefined;
  onBehalfOf: string | undefined;
}

/** HMAC-SHA256 of the call's facts under K. Fields are joined by newlines, which none of them can hold. */
export function callMac(key: Buffer, f: CallFacts): Buffer {
  return createHmac("sha256", key)
    .update(
      `${MESH_CALL_CONTEXT}\n${f.callerKid}\n${f.calleeKid}\n${f.audience}\n${f.method}\n${f.iat}\n${f.jti}\n` +
        `${f.organisationId ?? ""}\n${f.requestId ?? ""}\n${f.assertion ?? ""}\n${f.onBehalfOf ?? ""}`,
    )
    .digest();
}

/** Whether `mac` (base64url) is the MAC of `facts` under `key`, compared in constant time. */
export function macMatches(key: Buffer, facts: CallFacts, mac: string): boolean {
  const sent = Buffer.from(mac, "base64url");
  return sent.length === 32 && timingSafeEqual(sent, callMac(key, facts));
}

/**
 * The `x-mesh-call` token, space-separated: the caller's kid, `iat`, `jti`, the organisation (`-` for
 * none), then one `<callee kid>=<MAC>` per published key of the callee (two while it rotates, so every
 * replica finds the one for the key it holds).
 */
export interface CallToken {
  callerKid: string;
  iat: number;
  jti: string;
  organisationId: string | undefined;
  /** MAC (base64url) by callee kid. */
  macs: ReadonlyMap<string, string>;
}

export function formatCallToken(t: CallToken): string {
  let token = `${t.callerKid} ${t.iat} ${t.jti} ${t.organisationId ?? "-"}`;
  for (const [kid, mac] of t.macs) token += ` ${kid}=${mac}`;
  return token;
}

const IAT = /^\d{1,12}$/;
const JTI = /^[A-Za-z0-9_-]{1,64}$/;
const ORGANISATION = /^(-|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** The token's parts, or undefined when it is malformed. */
export function parseCallToken(token: string): CallToken | undefined {
  if (token.length > MAX_CALL_TOKEN_LENGTH) return undefined;
  const [callerKid, iat, jti, org, ...entries] = token.split(" ");
  if (!callerKid || !MESH_KID.test(callerKid) || !iat || !IAT.test(iat) || !jti || !JTI.test(jti)) return;
  if (!org || !ORGANISATION.test(org) || entries.length < 1 || entries.length > 4) return undefined;
  const macs = new Map<string, string>();
  for (const entry of entries) {
    const at = entry.indexOf("=");
    const kid = entry.slice(0, at);
    const mac = entry.slice(at + 1);
    if (at <= 0 || !MESH_KID.test(kid) || !MAC.test(mac) || macs.has(kid)) return undefined;
    macs.set(kid, mac);
  }
  return { callerKid, iat: Number(iat), jti, organisationId: org === "-" ? undefined : org, macs };
}
