import { randomUUID } from "node:crypto";
import { type Principal, ROLES, type ServiceCaller } from "@mp/contracts";
import type { JSONWebKeySet, JWK } from "jose";
import { z } from "zod";
import { credentialKey, ExpiringCache } from "./expiring-cache";
import { JwsRejected, jwsSigner, publicKeysByKid, verifyJws } from "./mesh-jws";
import { GATEWAY_SIGNER, SIGNER_NAME, signerOfKid, signerService } from "./mesh-keys";
import { ReplayGuard } from "./replay-guard";

/** Lifetime of an assertion. A call and the calls it makes downstream finish well within it. */
export const ASSERTION_TTL_SECONDS = 60;

/** Skew tolerated between the clocks of signer and verifier on `exp`, `nbf` and `iat`. */
export const ASSERTION_SKEW_SECONDS = 5;

/** Forwarded user assertions a verifier remembers as verified, per process. */
export const ASSERTION_CACHE_ENTRIES = 10_000;

/**
 * Accepted assertions a verifier remembers by `jti`, per process, so none is accepted twice: at 1,500
 * calls/s it covers their whole lifetime; beyond, the oldest are dropped and nothing issued before them is
 * accepted any more (see `ReplayGuard`).
 */
export const REPLAY_CACHE_ENTRIES = 100_000;

/** Assertions are a few hundred bytes; anything far larger is refused before parsing. */
const MAX_ASSERTION_LENGTH = 4_096;

/** A gRPC method's full path, as on the wire: `/marketplace.catalogue.v1.CatalogueService/ListInstances`. */
export const GRPC_METHOD_PATH = /^\/[A-Za-z_][A-Za-z0-9_.]{0,199}\/[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** Who a call is made for, as the signer states it. */
export type AssertionSubject =
  /** A user: only the gateway states these (it verified the user's token or API key). */
  | { user: Principal }
  /** The signer itself, optionally naming the organisation it acts for (a retry loop finishing a request). */
  | { user?: undefined; organisationId?: string | undefined };

export interface SignInput {
  /** Signer name of the receiving service (`service:catalogue`). */
  audience: string;
  /** The full path of the gRPC method called (`/marketplace.catalogue.v1.CatalogueService/GetInstance`). */
  method: string;
  requestId: string;
  subject: AssertionSubject;
}

/** Signs assertions as one mesh identity (the gateway or one service). */
export interface MeshSigner {
  /** `gateway` or `service:<name>`. */
  readonly name: string;
  /** The id of the key it signs with (`service:catalogue#20261128T184230Z`). */
  readonly kid: string;
  /** A fresh assertion for one call: its own `jti`, naming the method, accepted once. */
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
  /** The gRPC method the assertion was minted for; it opens no other. */
  mth: z.string().regex(GRPC_METHOD_PATH),
  iat: z.number(),
  exp: z.number(),
  nbf: z.number().optional(),
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

export interface AssertionClockOptions {
  /** The clock lifetimes are judged by (epoch ms); tests pass their own. */
  now?: () => number;
}

/**
 * A signer holding one private key, whose `kid` names the signer (`service:catalogue`, optionally with
 * `#<version>`). Every call gets its own assertion: a fresh `jti` and the method's path, so a verifier can
 * accept it once and for that method only. Signing is synchronous node:crypto ES256 (tens of µs).
 */
export function createMeshSigner(privateKey: JWK, options: AssertionClockOptions = {}): MeshSigner {
  const kid = privateKey.kid;
  const name = typeof kid === "string" ? signerOfKid(kid) : undefined;
  if (!kid || !name) throw new Error('the mesh private key has no "kid" naming a signer');
  const now = options.now ?? (() => Date.now());
  const signJws = jwsSigner(privateKey);
  return {
    name,
    kid,
    async sign({ audience, method, requestId, subject }) {
      if (subject.user && name !== GATEWAY_SIGNER)
        throw new Error(`${name} cannot state a user: only the gateway does, services forward its assertion`);
      if (!GRPC_METHOD_PATH.test(method)) throw new Error(`"${method}" is not a gRPC method path`);
      const iat = Math.floor(now() / 1000);
      const stated = subject.user
        ? {
            sub: subject.user.subject,
            kind: "user",
            org: subject.user.organisationId,
            roles: subject.user.roles,
            via: subject.user.via,
          }
        : { sub: name, kind: "service", ...(subject.organisationId ? { org: subject.organisationId } : {}) };
      return signJws({
        iss: name,
        aud: audience,
        ...stated,
        rid: requestId,
        mth: method,
        jti: randomUUID(),
        iat,
        exp: iat + ASSERTION_TTL_SECONDS,
      });
    },
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
   * Verify a call's credentials: the caller's own assertion (audience: this service, minted for `method`,
   * never seen before) and, when a service calls on a user's behalf, the user's assertion it forwards
   * (audience: that calling service).
   */
  verifyCall(credentials: { assertion?: string; onBehalfOf?: string; method: string }): Promise<VerifiedCall>;
}

export interface MeshVerifierOptions extends AssertionClockOptions {
  /** This service's signer name (`service:catalogue`). */
  self: string;
  /** The public keys of every signer; a signer may have several (one per key version) while it rotates. */
  jwks: JSONWebKeySet;
  /** Remember no forwarded assertion: verify every one in full (tests use it to see every check). */
  disabled?: boolean;
}

/**
 * A verifier for one service against the public keys of every signer. Checks: an ES256 signature by the
 * key the header's kid names; the issuer is that kid's signer, so no signer can speak as another; one
 * audience, this service; `exp`/`nbf`/`iat` with skew and a lifetime of at most 60 s; only the gateway
 * states a user. The caller's own assertion must also name the method called and is accepted once (by
 * `jti`, `ReplayGuard`). A forwarded user assertion was minted for the forwarding service's method and is
 * forwarded for every call its handler makes, so it is checked for neither; it is remembered (by digest,
 * per audience) until its `exp`, so forwarding it again costs no second verification.
 */
export function createMeshVerifier(options: MeshVerifierOptions): MeshVerifier {
  const keys = publicKeysByKid(options.jwks);
  const self = options.self;
  const now = options.now ?? (() => Date.now());
  const replays = new ReplayGuard(REPLAY_CACHE_ENTRIES, now);
  // Verified forwarded assertions by audience and digest, until their exp.
  const verified = new ExpiringCache<Claims>({ maxEntries: ASSERTION_CACHE_ENTRIES, now });

  const verifyForwarded = (token: string, audience: string, what: string): Claims => {
    if (options.disabled) return verifyFully(token, audience, what);
    const key = token.length <= MAX_ASSERTION_LENGTH ? `${audience} ${credentialKey(token)}` : "";
    const known = key ? verified.get(key) : undefined;
    if (known) return known;
    const claims = verifyFully(token, audience, what);
    verified.set(key, claims, claims.exp * 1000);
    return claims;
  };

  const verifyFully = (token: string, audience: string, what: string): Claims => {
    if (token.length === 0 || token.length > MAX_ASSERTION_LENGTH)
      throw new AssertionRejected(`${what} is malformed`);
    let payload: Record<string, unknown>;
    let kid: string;
    try {
      ({ payload, kid } = verifyJws(token, keys));
    } catch (error) {
      if (error instanceof JwsRejected) throw new AssertionRejected(`${what} ${error.reason}`);
      throw error;
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) {
      const fields = [...new Set(claims.error.issues.map((issue) => String(issue.path[0])))];
      throw new AssertionRejected(`${what} has invalid claims: ${fields.join(", ")}`);
    }
    const c = claims.data;
    if (c.aud !== audience) throw new AssertionRejected(`${what} has an unacceptable "aud" claim`);
    const at = now() / 1000;
    if (c.exp <= at - ASSERTION_SKEW_SECONDS || at - ASSERTION_SKEW_SECONDS - c.iat > ASSERTION_TTL_SECONDS)
      throw new AssertionRejected(`${what} has expired`);
    if (c.iat > at + ASSERTION_SKEW_SECONDS)
      throw new AssertionRejected(`${what} has an unacceptable "iat" claim`);
    if (c.nbf !== undefined && c.nbf > at + ASSERTION_SKEW_SECONDS)
      throw new AssertionRejected(`${what} has an unacceptable "nbf" claim`);
    if (c.iss !== signerOfKid(kid))
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
    async verifyCall({ assertion, onBehalfOf, method }) {
      if (!assertion) throw new AssertionRejected("the call carries no assertion");
      const what = "the caller's assertion";
      const own = verifyFully(assertion, self, what);
      if (own.mth !== method) throw new AssertionRejected(`${what} was minted for ${own.mth}, not ${method}`);
      if (!replays.firstUse(own.iss, own.jti, own.iat, (own.exp + ASSERTION_SKEW_SECONDS) * 1000))
        throw new AssertionRejected(`${what} was presented before (jti ${own.jti} of ${own.iss})`);
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
      const user = verifyForwarded(onBehalfOf, own.iss, "the forwarded user assertion");
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
