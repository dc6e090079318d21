import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from "jose";

/**
 * Who signs inside the mesh. The gateway signs as `gateway`; each service as `service:<name>`. The name is
 * at once the key id (`kid`) of the signer's key, the issuer (`iss`) of what it signs, and the audience
 * (`aud`) others address it by, so one string ties a key to exactly one identity.
 */
export const GATEWAY_SIGNER = "gateway";

const SERVICE_PREFIX = "service:";

/** `catalogue` -> `service:catalogue`. */
export function serviceSigner(service: string): string {
  return `${SERVICE_PREFIX}${service}`;
}

/** `service:catalogue` -> `catalogue`; `gateway` -> `gateway` (the gateway is no service). */
export function signerService(signer: string): string {
  return signer.startsWith(SERVICE_PREFIX) ? signer.slice(SERVICE_PREFIX.length) : signer;
}

/** Signer names are short lower-case words; anything else in a key id is a configuration mistake. */
export const SIGNER_NAME = /^(gateway|service:[a-z][a-z0-9-]{0,62})$/;

/**
 * A mesh key id: the signer's name, then `#` and the key's version (`service:catalogue#2026-11-28`), so a
 * signer can have two keys in the JWKS while it rotates and verifiers pick the one a token names. A kid
 * without a version (`service:catalogue`) is the signer's only key, as before versions existed.
 */
export const MESH_KID = /^(gateway|service:[a-z][a-z0-9-]{0,62})(#[A-Za-z0-9._-]{1,40})?$/;

/** `service:catalogue#2026-11-28` -> `service:catalogue`; undefined for anything that is no mesh kid. */
export function signerOfKid(kid: string): string | undefined {
  return MESH_KID.exec(kid)?.[1];
}

/** `service:catalogue` and `2026-11-28` -> `service:catalogue#2026-11-28`. */
export function meshKid(signer: string, version: string): string {
  const kid = `${signer}#${version}`;
  if (!SIGNER_NAME.test(signer) || !MESH_KID.test(kid)) throw new Error(`"${kid}" is not a mesh key id`);
  return kid;
}

/** A key version for keys made now: the UTC instant to the second (`20261128T184230Z`). */
export function keyVersionNow(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** The one algorithm of the mesh: ES256 (P-256). Keys of another type are refused when loaded. */
export const MESH_ALGORITHM = "ES256";

export interface MeshKeySet {
  /** Private JWK per signer name (`kid` = the name); each process gets only its own. */
  privateKeys: Record<string, JWK>;
  /** The public keys of every signer: what every service verifies with. */
  jwks: JSONWebKeySet;
}

/**
 * Fresh ES256 key pairs, one per signer, each with the kid `<signer>#<version>` (the version defaults to
 * now): the local launcher and the test harness make a new mesh each run (nothing signed by a previous run
 * verifies), and the same function prints production keys. `privateKeys` is keyed by signer name.
 */
export async function generateMeshKeys(
  signers: readonly string[],
  version: string = keyVersionNow(),
): Promise<MeshKeySet> {
  const privateKeys: Record<string, JWK> = {};
  const keys: JWK[] = [];
  for (const name of signers) {
    if (!SIGNER_NAME.test(name)) throw new Error(`"${name}" is not a mesh signer name`);
    const pair = await generateKeyPair(MESH_ALGORITHM, { extractable: true });
    const meta = { kid: meshKid(name, version), alg: MESH_ALGORITHM, use: "sig" };
    privateKeys[name] = { ...(await exportJWK(pair.privateKey)), ...meta };
    keys.push({ ...(await exportJWK(pair.publicKey)), ...meta });
  }
  return { privateKeys, jwks: { keys } };
}

/** Why a JWK cannot be a mesh key, or undefined when it can (`private` also requires the `d` member). */
export function meshKeyProblem(jwk: unknown, kind: "public" | "private"): string | undefined {
  if (typeof jwk !== "object" || jwk === null) return "is not a JSON object";
  const key = jwk as JWK;
  if (key.kty !== "EC" || key.crv !== "P-256" || typeof key.x !== "string" || typeof key.y !== "string")
    return "is not an EC P-256 key";
  if (typeof key.kid !== "string" || !MESH_KID.test(key.kid))
    return 'has no "kid" naming a signer (gateway or service:<name>, optionally #<version>)';
  if (key.alg !== undefined && key.alg !== MESH_ALGORITHM) return `names alg ${key.alg}, not ES256`;
  if (kind === "private" && typeof key.d !== "string") return 'has no private part ("d")';
  if (kind === "public" && key.d !== undefined) return "holds a private key; publish only public keys";
  return undefined;
}

/** The public half of a private JWK (for tests and the launcher's JWKS). */
export function publicMeshJwk(jwk: JWK): JWK {
  const { kty, crv, x, y, kid } = jwk;
  return { kty, crv, x, y, kid, alg: MESH_ALGORITHM, use: "sig" };
}
