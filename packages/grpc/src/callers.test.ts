import type { Principal } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import { requireOrganisation, requirePrincipal, requireService } from "./callers";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const user: Principal = { subject: "u", organisationId: ORG, roles: ["developer"], via: "jwt" };
const asUser = { principal: user, service: undefined };
const asPublishing = { principal: undefined, service: { service: "publishing", organisationId: ORG } };
const asCatalogue = { principal: undefined, service: { service: "catalogue", organisationId: ORG } };
const nobody = { principal: undefined, service: undefined };

describe("caller guards", () => {
  it("requirePrincipal: users only, with the role asked for", () => {
    expect(requirePrincipal(asUser, "developer")).toBe(user);
    expect(() => requirePrincipal(asUser, "admin")).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(() => requirePrincipal(asPublishing)).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(() => requirePrincipal(nobody)).toThrow(expect.objectContaining({ code: "unauthenticated" }));
  });

  it("requireService: only the services named, calling as themselves", () => {
    expect(requireService(asPublishing, "publishing")).toEqual(asPublishing.service);
    expect(() => requireService(asCatalogue, "publishing")).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect(() => requireService(asUser, "publishing")).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
  });

  it("requireOrganisation: the user's, or a named service's stated organisation", () => {
    expect(requireOrganisation(asUser, { role: "developer", services: ["publishing"] })).toBe(ORG);
    expect(() => requireOrganisation(asUser, { role: "admin", services: ["publishing"] })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    expect(requireOrganisation(asPublishing, { services: ["publishing"] })).toBe(ORG);
    expect(() => requireOrganisation(asCatalogue, { services: ["publishing"] })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    const withoutOrg = { principal: undefined, service: { service: "publishing" } };
    expect(() => requireOrganisation(withoutOrg, { services: ["publishing"] })).toThrow(
      /named no organisation/,
    );
  });
});
