import { grpcUrlKey } from "@mp/config";
import { describe, expect, it } from "vitest";
import { ADDED_KEYS, REPLACED_KEYS, replicaEnv } from "./env";
import { manifestEnv } from "./manifest-env";
import { gatewayPort, grpcPort, natsPorts, opsPort, REPLICAS, SERVICES, WORKLOADS } from "./topology";

describe("the rehearsal's environment", () => {
  it("sets every key the Kubernetes manifests set, changing only addresses, ports and the rate limit", () => {
    for (const target of WORKLOADS) {
      const { env: manifest } = manifestEnv(target);
      expect(Object.keys(manifest).length, target).toBeGreaterThan(10);
      for (const replica of REPLICAS) {
        const env = replicaEnv(target, replica);
        for (const key of Object.keys(manifest)) expect(env, `${target}-${replica}`).toHaveProperty(key);
        const changed = Object.keys(manifest).filter((key) => env[key] !== manifest[key]);
        expect(REPLACED_KEYS, `${target}-${replica}: ${changed}`).toEqual(expect.arrayContaining(changed));
        const added = Object.keys(env).filter((key) => !(key in manifest));
        expect(ADDED_KEYS, `${target}-${replica}: ${added}`).toEqual(expect.arrayContaining(added));
      }
    }
  });

  it("keeps production settings: NODE_ENV, three stream replicas, migrations by the Jobs, mesh key files", () => {
    for (const target of WORKLOADS) {
      const env = replicaEnv(target, 1);
      expect(env.NODE_ENV, target).toBe(target === "settlements" ? "development" : "production");
      expect(env.BUS_STREAM_REPLICAS).toBe("3");
      expect(env.MIGRATE_ON_BOOT).toBe("false");
      expect(env.MESH_PRIVATE_KEY_FILE).toBe("/etc/marketplace/mesh-key/private.jwk.json");
    }
    expect(replicaEnv("purchases", 1).MESH_JWKS_FILE).toBe("/etc/marketplace/mesh-jwks/jwks.json");
  });

  it("gives each replica its own ports and every client both replicas of each upstream", () => {
    const one = replicaEnv("settlements", 1);
    const two = replicaEnv("settlements", 2);
    expect(one.SETTLEMENTS_GRPC_PORT).toBe(String(grpcPort("settlements", 1)));
    expect(two.SETTLEMENTS_GRPC_PORT).toBe(String(grpcPort("settlements", 2)));
    expect(one.OPS_PORT).not.toBe(two.OPS_PORT);
    const gateway = replicaEnv("gateway", 2);
    expect(gateway.OPS_PORT).toBe(String(opsPort("gateway", 2)));
    // each gateway on its own port behind the ingress on 8080, no shared listener
    expect(replicaEnv("gateway", 1).GATEWAY_PORT).toBe("8081");
    expect(gateway.GATEWAY_PORT).toBe("8082");
    expect(REPLICAS.map(gatewayPort)).toEqual([8081, 8082]);
    expect(gateway.GATEWAY_REUSE_PORT).toBeUndefined();
    expect(ADDED_KEYS).not.toContain("GATEWAY_REUSE_PORT");
    // the ingress (127.0.0.1) alone may set X-Forwarded-For, as the prod overlay's range for its controller
    expect(manifestEnv("gateway").env.TRUST_PROXY).toBeUndefined();
    expect(gateway.TRUST_PROXY).toBe("127.0.0.1/32");
    expect(gateway.AUTH_ISSUER).toBe("https://127.0.0.1:8443");
    // both gateways count rate limits in the rehearsal's redis, as in the manifests they share redis:6379
    expect(manifestEnv("gateway").env.RATE_LIMIT_REDIS_URL).toBe("redis://redis:6379");
    expect(gateway.RATE_LIMIT_REDIS_URL).toBe("redis://127.0.0.1:6391");
    expect(replicaEnv("gateway", 1).RATE_LIMIT_REDIS_URL).toBe(gateway.RATE_LIMIT_REDIS_URL);
    for (const service of SERVICES) {
      expect(gateway[grpcUrlKey(service)]).toBe(
        `ipv4:127.0.0.1:${grpcPort(service, 1)},127.0.0.1:${grpcPort(service, 2)}`,
      );
    }
  });

  it("points settlements, and only it, at the Stripe stand-in, with the manifests' key and secret", () => {
    for (const target of WORKLOADS) {
      const env = replicaEnv(target, 2);
      if (target === "settlements") {
        expect(env.STRIPE_API_BASE).toBe("http://127.0.0.1:12111");
        expect(env.STRIPE_API_KEY).toBe(manifestEnv("settlements").env.STRIPE_API_KEY);
      } else expect(env.STRIPE_API_BASE, target).toBeUndefined();
    }
  });

  it("connects each service to every NATS node as its own NATS user", () => {
    const env = replicaEnv("iot-adapter", 1);
    const [first, ...rest] = (env.NATS_URL as string).split(",");
    expect(new URL(first as string).username).toBe("iot-adapter");
    expect(new URL(first as string).port).toBe(String(natsPorts(1).client));
    expect(rest).toEqual([2, 3].map((n) => `nats://127.0.0.1:${natsPorts(n as 2 | 3).client}`));
    expect(replicaEnv("gateway", 1).NATS_URL).toBe(manifestEnv("gateway").env.NATS_URL);
  });
});
