import { ConfigError, grpcUrlKey, SERVICE_NAMES } from "@mp/config";
import { describe, expect, it } from "vitest";
import { GATEWAY_CONFIG_KEYS, loadGatewayConfig, productionWarnings, upstreamAddress } from "./config";

const JWKS_URL = "https://auth.example.com/.well-known/jwks.json";
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_ISSUER: "https://auth.example.com",
  AUTH_AUDIENCE: "marketplace-api",
  AUTH_JWKS_URL: JWKS_URL,
};

function issuesOf(env: Record<string, string>): Record<string, string> {
  try {
    loadGatewayConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return Object.fromEntries(error.issues.map((i) => [i.key, i.message]));
    throw error;
  }
  return {};
}

describe("gateway configuration", () => {
  it("fills the documented defaults outside production", () => {
    const config = loadGatewayConfig({ NODE_ENV: "development", AUTH_JWKS_URL: JWKS_URL });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_PORT: 8080,
      AUTH_ISSUER: "https://auth.marketplace.local",
      AUTH_AUDIENCE: "marketplace-api",
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: 120,
      RATE_LIMIT_WEBHOOK_PER_MINUTE: 120_000,
      CATALOGUE_GRPC_URL: "127.0.0.1:50051",
      IOT_ADAPTER_GRPC_URL: "127.0.0.1:50057",
    });
    expect(config.RATE_LIMIT_REDIS_URL).toBeUndefined();
  });

  it("has a gRPC address for every upstream service", () => {
    const config = loadGatewayConfig({
      NODE_ENV: "test",
      AUTH_JWKS_URL: JWKS_URL,
      LISTINGS_GRPC_URL: "listings.internal:7000",
    });
    for (const service of SERVICE_NAMES) expect(GATEWAY_CONFIG_KEYS).toContain(grpcUrlKey(service));
    expect(upstreamAddress(config, "listings")).toBe("listings.internal:7000");
  });

  it("takes a static list of replicas as an upstream address, and reusePort only when asked", () => {
    const replicas = "ipv4:127.0.0.1:50051,127.0.0.1:50151";
    const config = loadGatewayConfig({ ...PRODUCTION, CATALOGUE_GRPC_URL: replicas });
    expect(upstreamAddress(config, "catalogue")).toBe(replicas);
    expect(config.GATEWAY_REUSE_PORT).toBe(false);
    expect(loadGatewayConfig({ ...PRODUCTION, GATEWAY_REUSE_PORT: "true" }).GATEWAY_REUSE_PORT).toBe(true);
    for (const bad of ["ipv4:", "ipv4:catalogue:50051", "ipv4:127.0.0.1:50051,", "dns:///catalogue:50051"])
      expect(issuesOf({ ...PRODUCTION, CATALOGUE_GRPC_URL: bad }).CATALOGUE_GRPC_URL, bad).toBeDefined();
  });

  it("needs NODE_ENV set explicitly: an unset one is not taken for development", () => {
    expect(issuesOf({ AUTH_JWKS_URL: JWKS_URL }).NODE_ENV).toMatch(/required/);
    // Without NODE_ENV, a JWKS file (development only) is refused too: nothing falls back to development.
    expect(issuesOf({ AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE).toMatch(/NODE_ENV is unset/);
  });

  it("accepts a JWKS file only in development", () => {
    expect(
      loadGatewayConfig({ NODE_ENV: "development", AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE,
    ).toBe("/tmp/jwks.json");
    for (const nodeEnv of ["production", "test"]) {
      expect(issuesOf({ NODE_ENV: nodeEnv, AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE).toMatch(
        /only when NODE_ENV=development/,
      );
    }
    expect(issuesOf({ ...PRODUCTION, AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE).toMatch(
      /only when NODE_ENV=development/,
    );
    expect(issuesOf({ NODE_ENV: "test" }).AUTH_JWKS_URL).toMatch(/required/);
  });

  it("in production, wants an https JWKS and an explicit issuer and audience", () => {
    expect(loadGatewayConfig(PRODUCTION)).toMatchObject({
      AUTH_ISSUER: "https://auth.example.com",
      AUTH_AUDIENCE: "marketplace-api",
    });
    const issues = issuesOf({ NODE_ENV: "production", AUTH_JWKS_URL: "http://auth.example.com/jwks.json" });
    expect(issues).toEqual({
      AUTH_JWKS_URL: expect.stringMatching(/https/),
      AUTH_ISSUER: expect.stringMatching(/required in production/),
      AUTH_AUDIENCE: expect.stringMatching(/required in production/),
    });
    // The development issuer, whose demo tokens the launcher signs, is refused in production only.
    const development = issuesOf({ ...PRODUCTION, AUTH_ISSUER: "https://auth.marketplace.local" });
    expect(development).toEqual({ AUTH_ISSUER: expect.stringMatching(/development issuer .* production/) });
    expect(
      loadGatewayConfig({ ...PRODUCTION, NODE_ENV: "test", AUTH_ISSUER: "https://auth.marketplace.local" })
        .AUTH_ISSUER,
    ).toBe("https://auth.marketplace.local");
    expect(
      loadGatewayConfig({ NODE_ENV: "development", AUTH_JWKS_URL: "http://127.0.0.1:9/jwks.json" })
        .AUTH_JWKS_URL,
    ).toBe("http://127.0.0.1:9/jwks.json");
  });

  it("reads TRUST_PROXY as off, a hop count or the ingress's addresses, and refuses trusting everyone", () => {
    const trust = (value: string) => loadGatewayConfig({ ...PRODUCTION, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, 192.168.1.7,fd00::/8,loopback")).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["true", "0", "10.0.0.0/33", "ingress.local", "10.0.0.1/8/1"]) {
      expect(issuesOf({ ...PRODUCTION, TRUST_PROXY: bad }).TRUST_PROXY, bad).toBeDefined();
    }
  });

  it("warns at boot of a production gateway without TRUST_PROXY or a shared rate-limit store", () => {
    const warnings = productionWarnings(loadGatewayConfig(PRODUCTION));
    expect(warnings).toEqual([
      expect.stringMatching(/^TRUST_PROXY is not set/),
      expect.stringMatching(/^RATE_LIMIT_REDIS_URL is not set/),
    ]);
    const configured = {
      ...PRODUCTION,
      TRUST_PROXY: "10.0.0.0/8",
      RATE_LIMIT_REDIS_URL: "redis://redis:6379",
    };
    expect(productionWarnings(loadGatewayConfig(configured))).toEqual([]);
    expect(productionWarnings(loadGatewayConfig({ ...PRODUCTION, NODE_ENV: "test" }))).toEqual([]);
  });

  it("takes a Redis URL for shared rate limits and refuses other schemes", () => {
    expect(
      loadGatewayConfig({ ...PRODUCTION, RATE_LIMIT_REDIS_URL: "redis://127.0.0.1:6379/0" })
        .RATE_LIMIT_REDIS_URL,
    ).toBe("redis://127.0.0.1:6379/0");
    expect(
      issuesOf({ ...PRODUCTION, RATE_LIMIT_REDIS_URL: "http://127.0.0.1:6379" }).RATE_LIMIT_REDIS_URL,
    ).toMatch(/redis/);
  });

  it("names every bad key at once", () => {
    const issues = issuesOf({
      NODE_ENV: "production",
      GATEWAY_PORT: "http",
      CATALOGUE_GRPC_URL: "grpc://catalogue:50051",
      RATE_LIMIT_PER_MINUTE: "0",
      AUTH_JWKS_FILE: "/tmp/jwks.json",
    });
    expect(Object.keys(issues).sort()).toEqual(
      [
        "AUTH_AUDIENCE",
        "AUTH_ISSUER",
        "AUTH_JWKS_FILE",
        "CATALOGUE_GRPC_URL",
        "GATEWAY_PORT",
        "RATE_LIMIT_PER_MINUTE",
      ].sort(),
    );
  });
});
