import { ConfigError } from "@mp/config";
import { loadServiceConfig } from "@mp/runtime";
import { describe, expect, it } from "vitest";
import { webhooksService } from "./module";

/** The environment a webhooks process is given, with its mesh keys left out (checked by @mp/auth's tests). */
const keysOf = (error: unknown) => (error instanceof ConfigError ? error.issues.map((i) => i.key) : []);

function load(env: Record<string, string>) {
  try {
    loadServiceConfig(webhooksService, { MESH_PRIVATE_KEY: "x", MESH_JWKS: "x", ...env });
    return [];
  } catch (error) {
    return keysOf(error);
  }
}

describe("webhooks configuration", () => {
  it("needs its own sealing key in production and refuses private addresses there", () => {
    const production = load({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: "1" });
    expect(production).toContain("WEBHOOK_SECRET_KEY");
    expect(production).toContain("WEBHOOK_ALLOW_PRIVATE");
    expect(load({ NODE_ENV: "development", WEBHOOK_ALLOW_PRIVATE: "1" })).not.toContain(
      "WEBHOOK_ALLOW_PRIVATE",
    );
    expect(load({ NODE_ENV: "development" })).not.toContain("WEBHOOK_SECRET_KEY");
  });

  it("refuses a key that is not 32 bytes and a retry schedule it cannot read", () => {
    const keys = load({ WEBHOOK_SECRET_KEY: "abc", WEBHOOK_RETRY_SCHEDULE: "10s,soon" });
    expect(keys).toEqual(expect.arrayContaining(["WEBHOOK_SECRET_KEY", "WEBHOOK_RETRY_SCHEDULE"]));
  });
});
