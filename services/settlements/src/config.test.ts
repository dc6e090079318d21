import { ConfigError, loadConfig } from "@mp/config";
import { testLogger } from "@mp/logger";
import { startService } from "@mp/runtime";
import { describe, expect, it } from "vitest";
import { platformOrganisationOf, settlementsConfig } from "./config";
import { settlementsService } from "./module";

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

describe("settlements configuration in production", () => {
  /** The configuration problems boot reports, by key (boot stops before touching anything). */
  const bootIssues = async (env: Record<string, string>) => {
    const error = await startService(
      settlementsService,
      { STRIPE_WEBHOOK_SECRET: "whsec_a", ...env },
      { logger: testLogger() },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    return Object.fromEntries((error as ConfigError).issues.map((i) => [i.key, i.message]));
  };

  it("refuses a test-mode Stripe key, naming STRIPE_API_KEY", async () => {
    for (const key of ["sk_test_x", "rk_test_x"]) {
      const issues = await bootIssues({ NODE_ENV: "production", STRIPE_API_KEY: key });
      expect(issues.STRIPE_API_KEY, key).toMatch(/test-mode key .* refused in production/);
    }
  });

  it("refuses STRIPE_API_BASE in production: production talks to Stripe itself", async () => {
    const env = { STRIPE_API_KEY: "sk_live_x", STRIPE_API_BASE: "http://127.0.0.1:12111" };
    expect((await bootIssues({ NODE_ENV: "production", ...env })).STRIPE_API_BASE).toMatch(/Stripe itself/);
    expect((await bootIssues({ NODE_ENV: "development", ...env })).STRIPE_API_BASE).toBe(undefined);
  });

  it("accepts a live key in production and a test key elsewhere", async () => {
    // Boot still stops on the missing mesh keys; the Stripe key is not among the problems.
    expect((await bootIssues({ NODE_ENV: "production", STRIPE_API_KEY: "sk_live_x" })).STRIPE_API_KEY).toBe(
      undefined,
    );
    expect((await bootIssues({ NODE_ENV: "development", STRIPE_API_KEY: "sk_test_x" })).STRIPE_API_KEY).toBe(
      undefined,
    );
  });
});
