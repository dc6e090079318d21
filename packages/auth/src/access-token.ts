import { type Principal, ROLES } from "@mp/contracts";
import { UnauthenticatedError, UpstreamUnavailableError } from "@mp/errors";
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import { z } from "zod";
import { credentialKey, ExpiringCache } from "./expiring-cache";

/**
 * Signature algorithms a token may use. An allow-list (never the token's own `alg` alone) is what stops
 * `alg: none` and algorithm-confusion tokens; HS* is absent because the gateway holds no shared secret.
 */
export const ACCEPTED_ALGORITHMS = ["ES256", "RS256"] as const;

/** Skew tolerated on `exp` and `nbf` (contract section 3). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** Tokens longer than this are refused before any parsing: no identity provider issues them. */
const MAX_TOKEN_LENGTH = 8_192;

/**
 * The claims the marketplace reads. `org` is the active platform organisation and becomes the scope of
 * every read and write, so a malformed one rejects the whole token rather than being ignored.
 */
const claimsSchema = z.object({
  sub: z.string().min(1).max(256),
  org: z.guid().transform((id) => id.toLowerCase()),
  roles: z.array(z.enum(ROLES)).transform((roles) => [...new Set(roles)]),
});

export interface AccessTokenVerifier {
  /** Resolve a bearer token to the caller, or throw `unauthenticated` (or `upstream-unavailable`). */
  verify(token: string): Promise<Principal>;
}

export interface AccessTokenOptions {
  issuer: string;
  audience: string;
  /** Key source: `remoteJwks(url)` in deployments, `localJwks(path)` in development and tests. */
  keys: JWTVerifyGetKey;
  /** Verified tokens remembered (see `VERIFIED_TOKEN_CACHE`); `false` verifies every presentation. */
  cache?: TokenCacheSettings | false;
}

/**
 * Verified tokens are remembered by their SHA-256 so a client presenting the same token again costs no
 * signature check: each entry lives until the token's own `exp` (without the skew tolerance, so never
 * longer than a fresh verification would accept it) and at most `maxAgeMs` after it was verified, which
 * bounds how long a token signed by a key since removed from the JWKS stays accepted. Refusals are never
 * remembered. Tokens have no revocation list: they were, and are, valid until `exp`.
 */
export const VERIFIED_TOKEN_CACHE: TokenCacheSettings = { maxEntries: 10_000, maxAgeMs: 60_000 };

export interface TokenCacheSettings {
  maxEntries: number;
  maxAgeMs: number;
  /** The clock entries expire by (epoch ms); tests pass their own. */
  now?: () => number;
}

/**
 * Verify access tokens against a JWKS: signature, `iss`, `aud`, `exp` (required) and `nbf`, then the
 * marketplace claims. Failures the caller can fix are `unauthenticated`; a key set that cannot be fetched
 * is `upstream-unavailable`, so clients retry instead of discarding a good token.
 */
export function createAccessTokenVerifier(options: AccessTokenOptions): AccessTokenVerifier {
  const verify = verifyAccessToken(options);
  const settings = options.cache === undefined ? VERIFIED_TOKEN_CACHE : options.cache;
  if (settings === false) return { verify: async (token) => (await verify(token)).principal };
  const now = settings.now ?? (() => Date.now());
  const cache = new ExpiringCache<Principal>({ maxEntries: settings.maxEntries, now });
  return {
    async verify(token) {
      const key = token.length <= MAX_TOKEN_LENGTH ? credentialKey(token) : "";
      const known = key ? cache.get(key) : undefined;
      if (known) return { ...known, roles: [...known.roles] };
      const { principal, expiresAtMs } = await verify(token);
      cache.set(key, principal, Math.min(expiresAtMs, now() + settings.maxAgeMs));
      return { ...principal, roles: [...principal.roles] };
    },
  };
}

/** One full verification: the principal, and the token's `exp` in epoch ms. */
function verifyAccessToken(
  options: AccessTokenOptions,
): (token: string) => Promise<{ principal: Principal; expiresAtMs: number }> {
  return async (token) => {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw new UnauthenticatedError("The bearer token is malformed.");
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...ACCEPTED_ALGORITHMS],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp", "sub"],
      }));
    } catch (error) {
      throw tokenError(error);
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) {
      const fields = [...new Set(claims.error.issues.map((issue) => String(issue.path[0])))];
      throw new UnauthenticatedError(`The bearer token has invalid claims: ${fields.join(", ")}.`);
    }
    const principal: Principal = {
      subject: claims.data.sub,
      organisationId: claims.data.org,
      roles: claims.data.roles,
      via: "jwt",
    };
    return { principal, expiresAtMs: (payload.exp ?? 0) * 1000 };
  };
}

function tokenError(error: unknown): Error {
  if (error instanceof errors.JWTExpired) return new UnauthenticatedError("The bearer token has expired.");
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new UnauthenticatedError(`The bearer token's "${error.claim}" claim is not accepted.`);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new UpstreamUnavailableError("The identity provider's signing keys are unavailable.", 5, error);
  }
  if (error instanceof errors.JOSEError) {
    return new UnauthenticatedError("The bearer token is invalid or its signature does not verify.");
  }
  // Anything else comes from fetching the remote key set (DNS, TLS, connection refused).
  return new UpstreamUnavailableError("The identity provider's signing keys are unavailable.", 5, error);
}
