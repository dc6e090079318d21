/** Roles a credential can carry (contract section 3). */
export const ROLES = ["developer", "provider", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The user a call is made for, as the gateway verified them (a JWT or an API key). It crosses the mesh
 * only inside an assertion the gateway signs; services never accept an organisation id from a body.
 */
export interface Principal {
  subject: string;
  /** The caller's organisation on the Infuse-IoT platform (guid). */
  organisationId: string;
  roles: Role[];
  via: "jwt" | "api-key";
  /** The service that forwarded the user's call (`publishing`), when it did not come from the gateway. */
  actor?: string;
}

/**
 * A service (or the gateway) calling as itself: work it started on its own (retry loops, consumers), never
 * on a made-up user's behalf. It may name the organisation it acts for; only handlers that accept the
 * service by name honour it.
 */
export interface ServiceCaller {
  /** `publishing`, `gateway`. */
  service: string;
  organisationId?: string;
}

/** gRPC metadata keys that carry the call context from the gateway to services and between services. */
export const METADATA_KEYS = {
  /** The per-call token: caller kid, iat, jti and the MAC under the caller's and callee's pairwise key. */
  call: "x-mesh-call",
  /** From the gateway: the user assertion it signed (ES256 JWT; audience: the receiving service). */
  assertion: "x-mesh-assertion",
  /** The user's assertion a service forwards when it calls on that user's behalf (audience: the caller). */
  onBehalfOf: "x-mesh-on-behalf-of",
  requestId: "x-request-id",
  /** Trailer on every error a handler answered (the contract code): an answer, never to be retried. */
  answered: "x-mesh-answered",
} as const;
