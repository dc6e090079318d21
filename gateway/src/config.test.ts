import { ConfigError, grpcUrlKey, SERVICE_NAMES } from "@mp/config";
import { describe, expect, it } from "vitest";
import { gatewayConfigSchema, loadGatewayConfig, upstreamAddress } from "./config";

const JWKS_URL = "https://auth.example.com/.well-known/jwks.json";

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
  it("fills the documented defaults", () => {
    const config = loadGatewayConfig({ AUTH_JWKS_URL: JWKS_URL });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_PORT: 8080,
      AUTH_ISSUER: "https://auth.marketplace.local",
      AUTH_AUDIENCE: "marketplace-api",
      RATE_LIMIT_PER_MINUTE: 600,
      CATALOGUE_GRPC_URL: "127.0.0.1:50051",
      IOT_ADAPTER_GRPC_URL: "127.0.0.1:50057",
    });
  });

  it("has a gRPC address for every upstream service", () => {
    const config = loadGatewayConfig({
      AUTH_JWKS_URL: JWKS_URL,
      LISTINGS_GRPC_URL: "listings.internal:7000",
    });
    for (const service of SERVICE_NAMES) {
      expect(Object.keys(gatewayConfigSchema.shape)).toContain(grpcUrlKey(service));
    }
    expect(upstreamAddress(config, "listings")).toBe("listings.internal:7000");
  });

  it("accepts a JWKS file only in development", () => {
    expect(
      loadGatewayConfig({ NODE_ENV: "development", AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE,
    ).toBe("/tmp/jwks.json");
    expect(issuesOf({ NODE_ENV: "production", AUTH_JWKS_FILE: "/tmp/jwks.json" }).AUTH_JWKS_FILE).toMatch(
      /only when NODE_ENV=development/,
    );
    expect(issuesOf({ NODE_ENV: "test" }).AUTH_JWKS_URL).toMatch(/required/);
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
      ["AUTH_JWKS_FILE", "CATALOGUE_GRPC_URL", "GATEWAY_PORT", "RATE_LIMIT_PER_MINUTE"].sort(),
    );
  });
});
