import { loadConfig } from "@mp/config";
import { describe, expect, it } from "vitest";
import { settlementsConfig } from "./config";

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
