/** Roles a credential can carry (contract section 3). */
export const ROLES = ["developer", "provider", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling, as verified by the gateway. Services trust it only because it arrives from the gateway
 * over the internal network in gRPC metadata; they never accept an organisation id from a request body.
 */
export interface Principal {
  subject: string;
  /** The caller's organisation on the Infuse-IoT platform (guid). */
  organisationId: string;
  roles: Role[];
  via: "jwt" | "api-key";
}

/** gRPC metadata keys that carry the call context from the gateway to services and between services. */
export const METADATA_KEYS = {
  principal: "x-principal",
  requestId: "x-request-id",
} as const;
