import type { Principal } from "@mp/contracts";

/** The caller of the package's integration tests: an admin of one organisation, signed in with a JWT. */
export const adminPrincipal: Principal = {
  subject: "user-1",
  organisationId: "0193a1b2-0000-7000-8000-000000000001",
  roles: ["admin"],
  via: "jwt",
};
