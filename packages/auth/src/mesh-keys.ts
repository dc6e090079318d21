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

/** The one algorithm of the mesh: ES256 (P-256). Keys of another type are refused when loaded. */
export const MESH_ALGORITHM = "ES256";

export interface MeshKeySet {
  /** Private JWK per signer name (`kid` = the name); each process gets only its own. */
  privateKeys: Record<string, JWK>;
  /** The public keys of every signer: what every service verifies with. */
  jwks: JSONWebKeySet;
}

/**
 * Fresh ES256 key pairs, one per signer: the local launcher and the test harness make a new mesh each run
 * (nothing signed by a previous run verifies), and the same function prints production keys.
 */
export async function generateMeshKeys(signers: readonly string[]): Promise<MeshKeySet> {
  const privateKeys: Record<string, JWK> = {};
  const keys: JWK[] = [];
  for (const name of signers) {
    if (!SIGNER_NAME.test(name)) throw new Error(`"${name}" is not a mesh signer name`);
    const pair = await generateKeyPair(MESH_ALGORITHM, { extractable: true });
    const meta = { kid: name, alg: MESH_ALGORITHM, use: "sig" };
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
  if (typeof key.kid !== "string" || !SIGNER_NAME.test(key.kid))
    return 'has no "kid" naming a signer (gateway or service:<name>)';
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
