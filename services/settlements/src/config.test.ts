import { loadConfig } from "@mp/config";
import { describe, expect, it } from "vitest";
import { platformOrganisationOf, settlementsConfig } from "./config";

const load = (secret: string) =>
  loadConfig(settlementsConfig, { STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_KEY: "sk_test_x" });

describe("settlements configuration", () => {
  it("reads one webhook secret or several separated by commas (a rotation)", () => {
    expect(load("whsec_a").STRIPE_WEBHOOK_SECRET).toEqual(["whsec_a"]);
    expect(load(" whsec_old , whsec_new ,").STRIPE_WEBHOOK_SECRET).toEqual(["whsec_old", "whsec_new"]);
  });

  it("refuses an empty list or a value that is not an endpoint secret, naming the key", () => {
    for (const bad of ["", ",", "sk_test_x", "whsec_a,secret"])
      expect(() => load(bad)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe("the platform operator's organisation", () => {
  const base = { STRIPE_WEBHOOK_SECRET: "whsec_a", STRIPE_API_KEY: "sk_test_x" };

  it("is a guid, kept in lowercase", () => {
    const id = "0193A5D0-0000-7000-8000-0000000000AA";
    expect(
      loadConfig(settlementsConfig, { ...base, PLATFORM_ORGANISATION_ID: id }).PLATFORM_ORGANISATION_ID,
    ).toBe(id.toLowerCase());
    expect(() => loadConfig(settlementsConfig, { ...base, PLATFORM_ORGANISATION_ID: "operator" })).toThrow(
      /PLATFORM_ORGANISATION_ID/,
    );
  });

  it("is required in production and optional elsewhere", () => {
    expect(() => platformOrganisationOf({ NODE_ENV: "production" })).toThrow(/PLATFORM_ORGANISATION_ID/);
    expect(platformOrganisationOf({ NODE_ENV: "development" })).toBeUndefined();
    const id = "0193a5d0-0000-7000-8000-0000000000aa";
    expect(platformOrganisationOf({ NODE_ENV: "production", PLATFORM_ORGANISATION_ID: id })).toBe(id);
  });
});
