import { randomUUID } from "node:crypto";
import { type Principal, ROLES, type ServiceCaller } from "@mp/contracts";
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from "jose";
import { z } from "zod";
import { credentialKey, ExpiringCache } from "./expiring-cache";
import { GATEWAY_SIGNER, MESH_ALGORITHM, SIGNER_NAME, signerService } from "./mesh-keys";

/** Lifetime of an assertion. A call and the calls it makes downstream finish well within it. */
export const ASSERTION_TTL_SECONDS = 60;

/** Skew tolerated between the clocks of signer and verifier on `exp`, `nbf` and `iat`. */
export const ASSERTION_SKEW_SECONDS = 5;

/**
 * How long a signer reuses an assertion for the same audience and subject: half its lifetime, so every
 * assertion sent still has at least 30 s to live (a call and the calls it makes downstream finish well
 * within it). Reuse does not widen replay: any assertion could already be replayed until its `exp`.
 */
export const ASSERTION_REUSE_SECONDS = 30;

/** Signed assertions (signer) and verified ones (verifier) kept at most, per process. */
export const ASSERTION_CACHE_ENTRIES = 10_000;

/** Assertions are a few hundred bytes; anything far larger is refused before parsing. */
const MAX_ASSERTION_LENGTH = 4_096;

/** Who a call is made for, as the signer states it. */
export type AssertionSubject =
  /** A user: only the gateway states these (it verified the user's token or API key). */
  | { user: Principal }
  /** The signer itself, optionally naming the organisation it acts for (a retry loop finishing a request). */
  | { user?: undefined; organisationId?: string | undefined };

export interface SignInput {
  /** Signer name of the receiving service (`service:catalogue`). */
  audience: string;
  requestId: string;
  subject: AssertionSubject;
}

/** Signs assertions as one mesh identity (the gateway or one service). */
export interface MeshSigner {
  /** `gateway` or `service:<name>`. */
  readonly name: string;
  sign(input: SignInput): Promise<string>;
}

const guid = z.guid().transform((id) => id.toLowerCase());

const baseClaims = {
  iss: z.string().regex(SIGNER_NAME),
  /** One audience only: an assertion addressed to several services would open all of them. */
  aud: z.string().regex(SIGNER_NAME),
  sub: z.string().min(1).max(256),
  jti: z.string().min(1).max(128),
  rid: z.string().min(1).max(200),
  iat: z.number(),
  exp: z.number(),
};

/** The claims of an assertion. `kind` says whether `sub` is a user (only from the gateway) or the signer. */
const claimsSchema = z.discriminatedUnion("kind", [
  z.object({
    ...baseClaims,
    kind: z.literal("user"),
    org: guid,
    roles: z.array(z.enum(ROLES)).transform((roles) => [...new Set(roles)]),
    via: z.enum(["jwt", "api-key"]),
  }),
  z.object({ ...baseClaims, kind: z.literal("service"), org: guid.optional() }),
]);
type Claims = z.output<typeof claimsSchema>;

export interface AssertionCacheOptions {
  /** Keep nothing: sign (or verify) every call. */
  disabled?: boolean;
  /** The clock reuse and expiry are judged by (epoch ms); tests pass their own. */
  now?: () => number;
}

/** What makes two calls' assertions interchangeable: the audience and everything the subject states. */
function subjectKey(audience: string, subject: AssertionSubject): string {
  const { user } = subject;
  // Only the user's subject is free text: written with its length first, the key stays unambiguous
  // (audiences, organisation ids, roles and `via` hold no spaces) without JSON-encoding it per call.
  return user
    ? `${audience} user ${user.subject.length}:${user.subject} ${user.organisationId} ${user.roles.join(",")} ${user.via}`
    : // No organisation and an empty one sign the same claims (no `org`), so they may share a key.
      `${audience} service ${subject.organisationId ?? ""}`;
}

/**
 * A signer holding one private key (its JWK `kid` is the signer's name). The key is imported once, on the
 * first signature, so constructing a signer stays synchronous. An assertion is reused for the same
 * audience and subject for `ASSERTION_REUSE_SECONDS` (an ES256 signature per call was a large part of a
 * request's cost); its `rid` then names the request that caused it to be signed, and handlers take the
 * request id of the call from `x-request-id`.
 */
export function createMeshSigner(privateKey: JWK, options: AssertionCacheOptions = {}): MeshSigner {
  const name = privateKey.kid;
  if (typeof name !== "string" || !SIGNER_NAME.test(name))
    throw new Error('the mesh private key has no "kid" naming a signer');
  const now = options.now ?? (() => Date.now());
  const signed = new ExpiringCache<Promise<string>>({ maxEntries: ASSERTION_CACHE_ENTRIES, now });
  const fresh = signWith(privateKey, name, now);
  return {
    name,
    sign(input) {
      if (input.subject.user && name !== GATEWAY_SIGNER)
        return Promise.reject(
          new Error(`${name} cannot state a user: only the gateway does, services forward its assertion`),
        );
      if (options.disabled) return fresh(input);
      const key = subjectKey(input.audience, input.subject);
      const known = signed.get(key);
      if (known) return known;
      const issuedAt = Math.floor(now() / 1000);
      const made = fresh(input, issuedAt);
      signed.set(key, made, (issuedAt + ASSERTION_REUSE_SECONDS) * 1000);
      made.catch(() => {
        if (signed.get(key) === made) signed.delete(key);
      });
      return made;
    },
  };
}

/** Signs one assertion, issued at `issuedAt` (epoch seconds; now by default). */
function signWith(privateKey: JWK, name: string, now: () => number) {
  let key: ReturnType<typeof importJWK> | undefined;
  return async ({ audience, requestId, subject }: SignInput, issuedAt?: number): Promise<string> => {
    key ??= importJWK(privateKey, MESH_ALGORITHM);
    const claims: Record<string, unknown> = subject.user
      ? {
          kind: "user",
          org: subject.user.organisationId,
          roles: subject.user.roles,
          via: subject.user.via,
        }
      : { kind: "service", ...(subject.organisationId ? { org: subject.organisationId } : {}) };
    const iat = issuedAt ?? Math.floor(now() / 1000);
    return new SignJWT({ ...claims, rid: requestId })
      .setProtectedHeader({ alg: MESH_ALGORITHM, kid: name, typ: "JWT" })
      .setIssuer(name)
      .setAudience(audience)
      .setSubject(subject.user ? subject.user.subject : name)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_TTL_SECONDS)
      .sign(await key);
  };
}

/** A refused assertion. `reason` is for the log (never the token); callers only learn UNAUTHENTICATED. */
export class AssertionRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "AssertionRejected";
  }
}

/** Who a verified call is from. Exactly one of `principal` and `service` is set. */
export interface VerifiedCall {
  /** The user the call is for; `actor` names the service that forwarded it, if one did. */
  principal: Principal | undefined;
  /** A service (or the gateway) calling as itself, never on a user's behalf. */
  service: ServiceCaller | undefined;
  /** The request id the signer stated. */
  requestId: string;
  /**
   * The user assertion this service may forward downstream (its audience is this service): set only for
   * a user call straight from the gateway. A forwarded call cannot be forwarded again.
   */
  forwardable: string | undefined;
}

export interface MeshVerifier {
  /** This service's signer name: the audience every assertion it accepts must carry. */
  readonly self: string;
  /**
   * Verify a call's credentials: the caller's own assertion (audience: this service) and, when a service
   * calls on a user's behalf, the user's assertion it forwards (audience: that calling service).
   */
  verifyCall(credentials: { assertion?: string; onBehalfOf?: string }): Promise<VerifiedCall>;
}

/**
 * A verifier for one service against the public keys of every signer. Besides jose's checks (signature,
 * ES256 only, `aud`, `exp`/`nbf` with skew, `iat` no older than the lifetime), the issuer must be the
 * key's own `kid`, so no signer can speak as another; and only the gateway may state a user. An accepted
 * assertion is remembered (by digest, per audience) until its `exp` without the skew, so the same
 * assertion presented again is not checked twice but never accepted longer than a fresh check would.
 */
export function createMeshVerifier(
  options: { self: string; jwks: JSONWebKeySet } & AssertionCacheOptions,
): MeshVerifier {
  const keys = createLocalJWKSet(options.jwks);
  const self = options.self;
  const now = options.now ?? (() => Date.now());
  // Verified claims by audience and assertion digest, until the assertion's exp (signers reuse theirs).
  const verified = new ExpiringCache<Claims>({ maxEntries: ASSERTION_CACHE_ENTRIES, now });

  const verify = async (token: string, audience: string, what: string): Promise<Claims> => {
    if (options.disabled) return verifyFully(token, audience, what);
    const key = token.length <= MAX_ASSERTION_LENGTH ? `${audience} ${credentialKey(token)}` : "";
    const known = key ? verified.get(key) : undefined;
    if (known) return known;
    const claims = await verifyFully(token, audience, what);
    verified.set(key, claims, claims.exp * 1000);
    return claims;
  };

  const verifyFully = async (token: string, audience: string, what: string): Promise<Claims> => {
    if (token.length === 0 || token.length > MAX_ASSERTION_LENGTH)
      throw new AssertionRejected(`${what} is malformed`);
    let payload: JWTPayload;
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: [MESH_ALGORITHM],
        audience,
        clockTolerance: ASSERTION_SKEW_SECONDS,
        maxTokenAge: ASSERTION_TTL_SECONDS,
        requiredClaims: ["iss", "sub", "aud", "exp", "iat", "jti"],
      }));
    } catch (error) {
      throw new AssertionRejected(`${what} ${describe(error)}`);
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) {
      const fields = [...new Set(claims.error.issues.map((issue) => String(issue.path[0])))];
      throw new AssertionRejected(`${what} has invalid claims: ${fields.join(", ")}`);
    }
    const c = claims.data;
    if (c.iss !== kid)
      throw new AssertionRejected(`${what} is signed with ${kid}'s key but issued by ${c.iss}`);
    if (c.exp - c.iat > ASSERTION_TTL_SECONDS)
      throw new AssertionRejected(`${what} lives longer than ${ASSERTION_TTL_SECONDS} s`);
    if (c.kind === "user" && c.iss !== GATEWAY_SIGNER)
      throw new AssertionRejected(`${what} states a user but is issued by ${c.iss}, not the gateway`);
    if (c.kind === "service" && c.sub !== c.iss)
      throw new AssertionRejected(`${what} is issued by ${c.iss} for another subject`);
    return c;
  };

  const userOf = (c: Extract<Claims, { kind: "user" }>): Principal => ({
    subject: c.sub,
    organisationId: c.org,
    roles: c.roles,
    via: c.via,
  });

  return {
    self,
    async verifyCall({ assertion, onBehalfOf }) {
      if (!assertion) throw new AssertionRejected("the call carries no assertion");
      const own = await verify(assertion, self, "the caller's assertion");
      if (own.kind === "user") {
        if (onBehalfOf) throw new AssertionRejected("the gateway forwards no assertion");
        return { principal: userOf(own), service: undefined, requestId: own.rid, forwardable: assertion };
      }
      const caller = signerService(own.iss);
      if (!onBehalfOf) {
        const service: ServiceCaller = { service: caller, ...(own.org ? { organisationId: own.org } : {}) };
        return { principal: undefined, service, requestId: own.rid, forwardable: undefined };
      }
      // The forwarded assertion was addressed to the calling service: stolen, it opens no other service.
      const user = await verify(onBehalfOf, own.iss, "the forwarded user assertion");
      if (user.kind !== "user") throw new AssertionRejected("the forwarded assertion states no user");
      if (own.org && own.org !== user.org)
        throw new AssertionRejected("the caller's organisation differs from the forwarded user's");
      return {
        principal: { ...userOf(user), actor: caller },
        service: undefined,
        requestId: own.rid,
        forwardable: undefined,
      };
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "has expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `has an unacceptable "${error.claim}" claim`;
  if (error instanceof errors.JOSEAlgNotAllowed) return "uses an algorithm other than ES256";
  if (error instanceof errors.JWKSNoMatchingKey) return "names no key of the mesh";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "has a signature that does not verify";
  if (error instanceof errors.JOSEError) return `is invalid (${error.code})`;
  return "is invalid";
}
