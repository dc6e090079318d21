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
  /**
   * The caller of a token verified a moment ago (one of the recent tokens `verify` remembers by their own
   * string), at once; undefined means only that `verify` must decide. Saves a request the promises of
   * `verify` when its client presents the same token again.
   */
  known?(token: string): Principal | undefined;
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
 * remembered. Tokens have no revocation list: they were, and are, valid until `exp`. The last
 * `RECENT_TOKENS` of them are also looked up by their own string first (see `RecentTokens`).
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
  const cache = new ExpiringCache<Verified>({ maxEntries: settings.maxEntries, now });
  const recent = new RecentTokens(Math.min(settings.maxEntries, RECENT_TOKENS), now);
  return {
    known(token) {
      const seen = recent.get(token);
      return seen ? { ...seen, roles: [...seen.roles] } : undefined;
    },
    async verify(token) {
      const seen = recent.get(token);
      if (seen) return { ...seen, roles: [...seen.roles] };
      const key = token.length <= MAX_TOKEN_LENGTH ? credentialKey(token) : "";
      const known = key ? cache.get(key) : undefined;
      if (known) {
        recent.set(token, known);
        return { ...known.principal, roles: [...known.principal.roles] };
      }
      const { principal, expiresAtMs } = await verify(token);
      const verified = { principal, expiresAt: Math.min(expiresAtMs, now() + settings.maxAgeMs) };
      cache.set(key, verified, verified.expiresAt);
      recent.set(token, verified);
      return { ...principal, roles: [...principal.roles] };
    },
  };
}

/** A verified token's caller and the instant (epoch ms) the verification stops counting. */
interface Verified {
  principal: Principal;
  expiresAt: number;
}

/** Tokens kept by their own string (see `RecentTokens`), at most, and only up to this length. */
const RECENT_TOKENS = 1_000;
const RECENT_TOKEN_LENGTH = 4_096;

/**
 * The last verified tokens by their own string, in front of the SHA-256-keyed cache: a client presenting
 * its token again costs a map lookup instead of hashing the token (~6 us per request on a small machine).
 * As these are bearer secrets, the map stays small (at most `RECENT_TOKENS` tokens of at most
 * `RECENT_TOKEN_LENGTH` characters, the oldest dropped first) and every entry is deleted by a timer at
 * its expiry, so no token is held past the instant its verification stops counting (never past its `exp`,
 * never more than `maxAgeMs` after it was verified); an entry is never served at or after that instant.
 */
class RecentTokens {
  private readonly entries = new Map<string, Verified & { timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(token: string): Principal | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (this.now() < entry.expiresAt) return entry.principal;
    this.delete(token);
    return undefined;
  }

  set(token: string, verified: Verified): void {
    if (token.length > RECENT_TOKEN_LENGTH) return;
    this.delete(token);
    const ttl = verified.expiresAt - this.now();
    if (!(ttl > 0)) return;
    const timer = setTimeout(() => this.delete(token), ttl);
    timer.unref();
    this.entries.set(token, { ...verified, timer });
    if (this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value as string);
  }

  private delete(token: string): void {
    const entry = this.entries.get(token);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.entries.delete(token);
  }
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
