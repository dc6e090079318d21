import { createPrivateKey, type JsonWebKey, randomUUID } from "node:crypto";
import { type Principal, ROLES, type ServiceCaller } from "@mp/contracts";
import type { JSONWebKeySet, JWK } from "jose";
import { z } from "zod";
import { credentialKey, ExpiringCache } from "./expiring-cache";
import {
  type CallFacts,
  callMac,
  formatCallToken,
  macMatches,
  PairwiseKeys,
  parseCallToken,
} from "./mesh-call";
import { JwsRejected, jwsSigner, publicKeysByKid, verifyJws } from "./mesh-jws";
import { GATEWAY_SIGNER, SIGNER_NAME, signerOfKid, signerService } from "./mesh-keys";
import { ReplayGuard } from "./replay-guard";

/** Lifetime of a call token and of a user assertion. A call and the calls it makes finish well within it. */
export const ASSERTION_TTL_SECONDS = 60;

/** Skew tolerated between the clocks of caller and callee on `exp`, `nbf` and `iat`. */
export const ASSERTION_SKEW_SECONDS = 5;

/**
 * The gateway reuses the user assertion it signed for one user and audience this long, so a user's calls
 * cost one ES256 signature per half minute, and a forwarded one still has 30 s to live downstream.
 */
export const USER_ASSERTION_REUSE_SECONDS = 30;

/** User assertions a process remembers: signed (the gateway) or verified (a service). */
export const ASSERTION_CACHE_ENTRIES = 10_000;

/**
 * Accepted calls a verifier remembers by `jti`, per process, so none is accepted twice: at 1,500 calls/s
 * it covers their whole lifetime; beyond, the oldest are dropped and nothing issued before them is
 * accepted any more (see `ReplayGuard`).
 */
export const REPLAY_CACHE_ENTRIES = 100_000;

/** Assertions are a few hundred bytes; anything far larger is refused before parsing. */
const MAX_ASSERTION_LENGTH = 4_096;

/** A gRPC method's full path, as on the wire: `/marketplace.catalogue.v1.CatalogueService/ListInstances`. */
export const GRPC_METHOD_PATH = /^\/[A-Za-z_][A-Za-z0-9_.]{0,199}\/[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** Who a call is made for, as the caller states it. */
export type AssertionSubject =
  /** A user: only the gateway states these (it verified the user's token or API key). */
  | { user: Principal }
  /** The caller itself, optionally naming the organisation it acts for (a retry loop finishing a request). */
  | { user?: undefined; organisationId?: string | undefined };

export interface SignInput {
  /** Signer name of the receiving service (`service:catalogue`). */
  audience: string;
  /** The full path of the gRPC method called (`/marketplace.catalogue.v1.CatalogueService/GetInstance`). */
  method: string;
  /** The `x-request-id` the call carries (bound by the MAC). */
  requestId: string;
  subject: AssertionSubject;
  /** From a service serving a user: the user assertion it received, forwarded (bound by the MAC). */
  onBehalfOf?: string | undefined;
}

/** What one call carries: the metadata `x-mesh-call`, `x-mesh-assertion` and `x-mesh-on-behalf-of`. */
export interface MeshCredentials {
  /** The per-call token: caller kid, `iat`, `jti`, organisation and the MAC(s) binding the call. */
  call: string;
  /** The gateway's user assertion (ES256, audience: the receiving service). */
  assertion?: string | undefined;
  /** A user assertion a service forwards (audience: that service). */
  onBehalfOf?: string | undefined;
}

/** Makes the credentials of outgoing calls as one mesh identity (the gateway or one service). */
export interface MeshSigner {
  /** `gateway` or `service:<name>`. */
  readonly name: string;
  /** The id of its key (`service:catalogue#20261128T184230Z`). */
  readonly kid: string;
  /** Credentials for one call: a fresh `jti`, a MAC over the method and everything sent, accepted once. */
  sign(input: SignInput): MeshCredentials;
}

export interface MeshKeyOptions {
  /** The public keys of every signer; a signer may have several (one per key version) while it rotates. */
  jwks: JSONWebKeySet;
  /** The clock lifetimes are judged by (epoch ms); tests pass their own. */
  now?: () => number;
}

const guid = z.guid().transform((id) => id.toLowerCase());

/** The claims of a user assertion: the gateway's signed statement of the user it verified. */
const claimsSchema = z.object({
  iss: z.string().regex(SIGNER_NAME),
  /** One audience only: an assertion addressed to several services would open all of them. */
  aud: z.string().regex(SIGNER_NAME),
  sub: z.string().min(1).max(256),
  jti: z.string().min(1).max(128),
  iat: z.number(),
  exp: z.number(),
  nbf: z.number().optional(),
  kind: z.literal("user"),
  org: guid,
  roles: z.array(z.enum(ROLES)).transform((roles) => [...new Set(roles)]),
  via: z.enum(["jwt", "api-key"]),
});
type Claims = z.output<typeof claimsSchema>;

/** The private key object, kid and signer name of a mesh private JWK. */
function ownKey(privateKey: JWK) {
  const kid = privateKey.kid;
  const name = typeof kid === "string" ? signerOfKid(kid) : undefined;
  if (!kid || !name) throw new Error('the mesh private key has no "kid" naming a signer');
  const key = createPrivateKey({ key: privateKey as JsonWebKey, format: "jwk" });
  return { kid, name, key };
}

/** The kids of the JWKS by signer name (several while a signer rotates). */
function kidsBySigner(jwks: JSONWebKeySet): Map<string, string[]> {
  const kids = new Map<string, string[]>();
  for (const kid of publicKeysByKid(jwks).keys()) {
    const signer = signerOfKid(kid);
    if (signer) kids.set(signer, [...(kids.get(signer) ?? []), kid]);
  }
  return kids;
}

/**
 * A signer holding one private key (`kid` = `<signer>#<version>`) and the mesh's public keys. Every call
 * gets a token with a fresh `jti` and an HMAC-SHA256, under the key the caller shares with the callee
 * (`PairwiseKeys`), of the method's path and everything the call carries; one MAC per published key of
 * the callee, so a callee rotating its key verifies with whichever it holds. The gateway also states the
 * user in an ES256 assertion, reused per user and audience for `USER_ASSERTION_REUSE_SECONDS`.
 */
export function createMeshSigner(privateKey: JWK, options: MeshKeyOptions): MeshSigner {
  const { kid, name, key } = ownKey(privateKey);
  const now = options.now ?? (() => Date.now());
  const pairwise = new PairwiseKeys(kid, key, publicKeysByKid(options.jwks));
  const callees = kidsBySigner(options.jwks);
  const signJws = name === GATEWAY_SIGNER ? jwsSigner(privateKey) : undefined;
  const statements = new ExpiringCache<string>({ maxEntries: ASSERTION_CACHE_ENTRIES, now });

  const userAssertion = (audience: string, user: Principal, iat: number): string => {
    const cacheKey = `${audience}\n${user.subject}\n${user.organisationId}\n${user.roles.join(",")}\n${user.via}`;
    const known = statements.get(cacheKey);
    if (known) return known;
    const assertion = signJws!({
      iss: name,
      aud: audience,
      sub: user.subject,
      kind: "user",
      org: user.organisationId,
      roles: user.roles,
      via: user.via,
      jti: randomUUID(),
      iat,
      exp: iat + ASSERTION_TTL_SECONDS,
    });
    statements.set(cacheKey, assertion, (iat + USER_ASSERTION_REUSE_SECONDS) * 1000);
    return assertion;
  };

  return {
    name,
    kid,
    sign({ audience, method, requestId, subject, onBehalfOf }) {
      if (subject.user && name !== GATEWAY_SIGNER)
        throw new Error(`${name} cannot state a user: only the gateway does, services forward its assertion`);
      if (!GRPC_METHOD_PATH.test(method)) throw new Error(`"${method}" is not a gRPC method path`);
      const calleeKids = callees.get(audience);
      if (!calleeKids) throw new Error(`the mesh's JWKS holds no key of ${audience}`);
      const iat = Math.floor(now() / 1000);
      const assertion = subject.user ? userAssertion(audience, subject.user, iat) : undefined;
      const organisationId = subject.user ? undefined : subject.organisationId;
      const jti = randomUUID();
      const macs = new Map<string, string>();
      for (const calleeKid of calleeKids) {
        const facts: CallFacts = {
          callerKid: kid,
          calleeKid,
          audience,
          method,
          iat,
          jti,
          organisationId,
          requestId,
          assertion,
          onBehalfOf,
        };
        macs.set(calleeKid, callMac(pairwise.with(calleeKid)!, facts).toString("base64url"));
      }
      return {
        call: formatCallToken({ callerKid: kid, iat, jti, organisationId, macs }),
        ...(assertion ? { assertion } : {}),
        ...(onBehalfOf ? { onBehalfOf } : {}),
      };
    },
  };
}

/** A refused call. `reason` is for the log (never a token); callers only learn UNAUTHENTICATED. */
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
  /** The request id the call carried (its `jti` when it carried none). */
  requestId: string;
  /**
   * The user assertion this service may forward downstream (its audience is this service): set only for
   * a user call straight from the gateway. A forwarded call cannot be forwarded again.
   */
  forwardable: string | undefined;
}

/** A call's credentials as received, with the path it arrived on and its `x-request-id`. */
export interface ReceivedCall {
  call?: string | undefined;
  assertion?: string | undefined;
  onBehalfOf?: string | undefined;
  method: string;
  requestId?: string | undefined;
}

export interface MeshVerifier {
  /** This service's signer name: the audience every call it accepts is made for. */
  readonly self: string;
  /**
   * Verify a call: its token's MAC under the key this service shares with the caller's key (over the
   * method it arrived on and every credential sent), its age, its `jti` never seen before; then the user
   * assertion the gateway sends (audience: this service) or a service forwards (audience: that service).
   */
  verifyCall(received: ReceivedCall): Promise<VerifiedCall>;
}

export interface MeshVerifierOptions extends MeshKeyOptions {
  /** This service's private key: its kid names the service (`service:catalogue#<version>`). */
  privateKey: JWK;
  /** Remember no user assertion: verify every one in full (tests use it to see every check). */
  disabled?: boolean;
}

/**
 * A verifier for one service. The call token must carry a MAC for this service's key that verifies under
 * the key it shares with the caller's kid (a kid of the JWKS: only the holder of that kid's private key
 * can make it, so the caller is who the kid names), over the path the call arrived on; its `iat` at most
 * 60 s old (5 s skew); its `jti` accepted once (`ReplayGuard`, after the MAC verified). A user assertion
 * is an ES256 JWS by the gateway's key: one audience, `exp`/`nbf`/`iat` with skew, a lifetime of at most
 * 60 s; it is remembered (by digest, per audience) until its `exp`, so the gateway's reused assertion and
 * a forwarded one cost one verification per process.
 */
export function createMeshVerifier(options: MeshVerifierOptions): MeshVerifier {
  const { kid: ownKid, name: self, key } = ownKey(options.privateKey);
  const keys = publicKeysByKid(options.jwks);
  const pairwise = new PairwiseKeys(ownKid, key, keys);
  const now = options.now ?? (() => Date.now());
  const replays = new ReplayGuard(REPLAY_CACHE_ENTRIES, now);
  // Verified user assertions by audience and digest, until their exp.
  const verified = new ExpiringCache<Claims>({ maxEntries: ASSERTION_CACHE_ENTRIES, now });

  const verifyUser = (token: string, audience: string, what: string): Claims => {
    if (options.disabled) return verifyFully(token, audience, what);
    const cacheKey = token.length <= MAX_ASSERTION_LENGTH ? `${audience} ${credentialKey(token)}` : "";
    const known = cacheKey ? verified.get(cacheKey) : undefined;
    if (known) return known;
    const claims = verifyFully(token, audience, what);
    verified.set(cacheKey, claims, claims.exp * 1000);
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
    if (c.iss !== GATEWAY_SIGNER)
      throw new AssertionRejected(`${what} states a user but is issued by ${c.iss}, not the gateway`);
    return c;
  };

  const userOf = (c: Claims): Principal => ({
    subject: c.sub,
    organisationId: c.org,
    roles: c.roles,
    via: c.via,
  });

  /** The calling signer, once the call token proved it. */
  const verifyToken = (received: ReceivedCall) => {
    if (!received.call) throw new AssertionRejected("the call carries no call token");
    const token = parseCallToken(received.call);
    if (!token) throw new AssertionRejected("the call token is malformed");
    const caller = signerOfKid(token.callerKid)!;
    const shared = pairwise.with(token.callerKid);
    if (!shared)
      throw new AssertionRejected(`the call names a caller key not in the JWKS (${token.callerKid})`);
    const mac = token.macs.get(ownKid);
    if (!mac) throw new AssertionRejected(`the call carries no MAC for this service's key (${ownKid})`);
    const facts: CallFacts = {
      callerKid: token.callerKid,
      calleeKid: ownKid,
      audience: self,
      method: received.method,
      iat: token.iat,
      jti: token.jti,
      organisationId: token.organisationId,
      requestId: received.requestId,
      assertion: received.assertion,
      onBehalfOf: received.onBehalfOf,
    };
    // The method is the path the call arrived on: a token made for another method does not verify.
    if (!macMatches(shared, facts, mac))
      throw new AssertionRejected(
        `the call's MAC does not verify (from ${token.callerKid} for ${received.method})`,
      );
    const at = now() / 1000;
    if (at - token.iat > ASSERTION_TTL_SECONDS + ASSERTION_SKEW_SECONDS)
      throw new AssertionRejected("the call token has expired");
    if (token.iat > at + ASSERTION_SKEW_SECONDS)
      throw new AssertionRejected('the call token has an unacceptable "iat"');
    const until = (token.iat + ASSERTION_TTL_SECONDS + ASSERTION_SKEW_SECONDS) * 1000;
    if (!replays.firstUse(caller, token.jti, token.iat, until))
      throw new AssertionRejected(`the call token was presented before (jti ${token.jti} of ${caller})`);
    return { caller, token };
  };

  return {
    self,
    async verifyCall(received) {
      const { caller, token } = verifyToken(received);
      const sent = received.requestId;
      const requestId = sent && sent.length <= 200 ? sent : token.jti;
      const { assertion, onBehalfOf } = received;
      if (assertion) {
        if (caller !== GATEWAY_SIGNER)
          throw new AssertionRejected(`${caller} sent a user assertion: only the gateway states users`);
        if (onBehalfOf) throw new AssertionRejected("the gateway forwards no assertion");
        const user = verifyUser(assertion, self, "the gateway's user assertion");
        return { principal: userOf(user), service: undefined, requestId, forwardable: assertion };
      }
      const service = signerService(caller);
      const organisationId = token.organisationId?.toLowerCase();
      if (!onBehalfOf) {
        const asItself: ServiceCaller = { service, ...(organisationId ? { organisationId } : {}) };
        return { principal: undefined, service: asItself, requestId, forwardable: undefined };
      }
      if (caller === GATEWAY_SIGNER) throw new AssertionRejected("the gateway forwards no assertion");
      // The forwarded assertion was addressed to the calling service: stolen, it opens no other service.
      const user = verifyUser(onBehalfOf, caller, "the forwarded user assertion");
      if (organisationId && organisationId !== user.org)
        throw new AssertionRejected("the caller's organisation differs from the forwarded user's");
      return {
        principal: { ...userOf(user), actor: service },
        service: undefined,
        requestId,
        forwardable: undefined,
      };
    },
  };
}
