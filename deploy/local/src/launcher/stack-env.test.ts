import { DEFAULT_GRPC_PORTS, SERVICE_NAMES } from "@mp/config";
import { isListening } from "@mp/testing";
import { describe, expect, it } from "vitest";
import { DEMO_ORGANISATIONS } from "../demo";
import { DEV_AUDIENCE, DEV_ISSUER } from "../dev-keys";
import { DEV_SECRETS, type PortPlan, planPorts, type StackEndpoints, targetEnvs } from "./stack-env";
import { TARGETS, type Target } from "./targets";

const grpc = Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, 61000 + i])) as PortPlan["grpc"];
const ops = Object.fromEntries(TARGETS.map((target, i) => [target, 62000 + i])) as PortPlan["ops"];
const endpoints: StackEndpoints = {
  databaseUrl: "postgres://postgres:postgres@127.0.0.1:54329/marketplace",
  natsUrl: "nats://127.0.0.1:4223",
  s3: {
    endpoint: "http://127.0.0.1:4569",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    bucket: "marketplace",
    forcePathStyle: true,
  },
  ports: { gateway: 61100, grpc, ops },
  jwksFile: "/data/dev-keys/jwks.json",
  mesh: {
    jwksFile: "/data/mesh-keys/jwks.json",
    privateKeyFiles: Object.fromEntries(
      TARGETS.map((target) => [target, `/data/mesh-keys/${target}.private.jwk.json`]),
    ) as Record<Target, string>,
  },
};

describe("targetEnvs", () => {
  const envs = targetEnvs({ PATH: "/bin", LOG_LEVEL: "debug" }, endpoints);

  it("bounds glibc's malloc arenas in every process unless the environment says otherwise", () => {
    for (const env of Object.values(envs)) expect(env.MALLOC_ARENA_MAX).toBe("2");
    const own = targetEnvs({ MALLOC_ARENA_MAX: "4" }, endpoints);
    for (const env of Object.values(own)) expect(env.MALLOC_ARENA_MAX).toBe("4");
  });

  it("gives every process the infrastructure and every peer's address", () => {
    for (const env of Object.values(envs)) {
      expect(env).toMatchObject({
        PATH: "/bin",
        NODE_ENV: "development",
        LOG_LEVEL: "debug",
        DATABASE_URL: endpoints.databaseUrl,
        NATS_URL: endpoints.natsUrl,
        BUS_NAMESPACE: "",
        GRPC_HOST: "127.0.0.1",
        S3_ENDPOINT: "http://127.0.0.1:4569",
        S3_BUCKET: "marketplace",
        CATALOGUE_GRPC_URL: "127.0.0.1:61000",
        IOT_ADAPTER_GRPC_URL: `127.0.0.1:${grpc["iot-adapter"]}`,
      });
    }
    expect(envs["iot-adapter"].IOT_ADAPTER_GRPC_PORT).toBe(String(grpc["iot-adapter"]));
  });

  it("gives every process its own ops port", () => {
    for (const target of TARGETS) {
      expect(envs[target]).toMatchObject({ OPS_HOST: "127.0.0.1", OPS_PORT: String(ops[target]) });
    }
  });

  it("hands each secret only to the process that uses it", () => {
    expect(envs.settlements.STRIPE_WEBHOOK_SECRET).toBe(DEV_SECRETS.STRIPE_WEBHOOK_SECRET);
    expect(envs["iot-adapter"].INFUSE_API_KEY).toBe(DEV_SECRETS.INFUSE_API_KEY);
    expect(envs["iot-adapter"].INFUSE_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(envs.gateway.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(envs.catalogue.INFUSE_API_KEY).toBeUndefined();
  });

  it("gives each process its own mesh key and the mesh's public keys, and drops inherited ones", () => {
    const inherited = targetEnvs({ MESH_PRIVATE_KEY: "{}", MESH_JWKS: "{}" }, endpoints);
    for (const service of SERVICE_NAMES) {
      expect(inherited[service]).toMatchObject({
        MESH_PRIVATE_KEY_FILE: `/data/mesh-keys/${service}.private.jwk.json`,
        MESH_JWKS_FILE: "/data/mesh-keys/jwks.json",
      });
      expect(inherited[service].MESH_PRIVATE_KEY).toBeUndefined();
      expect(inherited[service].MESH_JWKS).toBeUndefined();
    }
    expect(inherited.gateway.MESH_PRIVATE_KEY_FILE).toBe("/data/mesh-keys/gateway.private.jwk.json");
    // The gateway MACs its calls under keys derived from the services' public keys.
    expect(inherited.gateway.MESH_JWKS_FILE).toBe("/data/mesh-keys/jwks.json");
    expect(inherited.gateway.MESH_PRIVATE_KEY).toBeUndefined();
    expect(inherited.gateway.MESH_JWKS).toBeUndefined();
  });

  it("points iot-adapter at the simulator the launcher started, with the key the simulator accepts", () => {
    const infuse = { url: "http://127.0.0.1:61200", apiKey: "ik_test_key" };
    const adapter = targetEnvs({}, { ...endpoints, infuse })["iot-adapter"];
    expect(adapter).toMatchObject({ INFUSE_API_URL: infuse.url, INFUSE_API_KEY: "ik_test_key" });
    expect(DEV_SECRETS.INFUSE_API_KEY).toMatch(/^ik_/);
  });

  it("keeps an INFUSE_API_URL and INFUSE_API_KEY the environment sets", () => {
    const env = { INFUSE_API_URL: "https://api.infuse-iot.com", INFUSE_API_KEY: "ik_real" };
    const adapter = targetEnvs(env, endpoints)["iot-adapter"];
    expect(adapter).toMatchObject(env);
  });

  it("names the demo operator organisation as settlements' platform operator, unless the environment names one", () => {
    expect(envs.settlements.PLATFORM_ORGANISATION_ID).toBe(DEMO_ORGANISATIONS.operator.id);
    const own = "0193a5d0-0000-7000-8000-0000000000ff";
    expect(
      targetEnvs({ PLATFORM_ORGANISATION_ID: own }, endpoints).settlements.PLATFORM_ORGANISATION_ID,
    ).toBe(own);
  });

  it("points the gateway at the development JWKS file unless a JWKS URL is configured", () => {
    expect(envs.gateway).toMatchObject({
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_PORT: "61100",
      AUTH_ISSUER: DEV_ISSUER,
      AUTH_AUDIENCE: DEV_AUDIENCE,
      AUTH_JWKS_FILE: "/data/dev-keys/jwks.json",
    });
    const withUrl = targetEnvs({ AUTH_JWKS_URL: "https://idp.test/jwks" }, endpoints).gateway;
    expect(withUrl.AUTH_JWKS_FILE).toBeUndefined();
    expect(withUrl.AUTH_JWKS_URL).toBe("https://idp.test/jwks");
  });
});

describe("planPorts", () => {
  const nothingListens = async () => false;

  it("uses the contract's defaults and the environment's overrides", async () => {
    const ports = await planPorts(
      { CATALOGUE_GRPC_PORT: "61234", GATEWAY_PORT: "61235" },
      false,
      undefined,
      nothingListens,
    );
    expect(ports.grpc.catalogue).toBe(61234);
    expect(ports.grpc.publishing).toBe(DEFAULT_GRPC_PORTS.publishing);
    expect(ports.gateway).toBe(61235);
    const defaults = await planPorts({ PUBLISHING_OPS_PORT: "61236" }, false, undefined, nothingListens);
    expect(defaults.gateway).toBe(8080);
    expect(defaults.ops).toMatchObject({
      gateway: 9090,
      catalogue: 9101,
      publishing: 61236,
      "iot-adapter": 9107,
    });
  });

  it("gives an ephemeral stack distinct free ports", async () => {
    const ports = await planPorts({}, true);
    const all = [ports.gateway, ...Object.values(ports.grpc), ...Object.values(ports.ops)];
    expect(new Set(all).size).toBe(SERVICE_NAMES.length + 1 + TARGETS.length);
  });

  it("names the port and the variable when a port is taken", async () => {
    const { createServer } = await import("node:net");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const taken = (server.address() as { port: number }).port;
    try {
      const onlyTaken = async (_host: string, port: number) => port === taken;
      await expect(planPorts({ LISTINGS_GRPC_PORT: String(taken) }, false, 1, onlyTaken)).rejects.toThrow(
        `port ${taken} for listings is already in use: stop what listens there or set LISTINGS_GRPC_PORT`,
      );
      await expect(planPorts({ SETTLEMENTS_OPS_PORT: String(taken) }, false, 1, onlyTaken)).rejects.toThrow(
        `port ${taken} for settlements's ops server is already in use: stop what listens there or set SETTLEMENTS_OPS_PORT`,
      );
      await expect(planPorts({ GATEWAY_PORT: "http" }, false, undefined, onlyTaken)).rejects.toThrow(
        /GATEWAY_PORT must be a port/,
      );
      // the real probe sees the real listener
      await expect(
        planPorts({ LISTINGS_GRPC_PORT: String(taken) }, false, 1, async (host, port) =>
          port === taken ? isListening(host, port) : false,
        ),
      ).rejects.toThrow(`port ${taken} for listings is already in use`);
    } finally {
      server.close();
    }
  });
});
