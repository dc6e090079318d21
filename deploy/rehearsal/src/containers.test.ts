import { describe, expect, it } from "vitest";
import {
  dockerRunArgs,
  type HostFiles,
  ingressSpec,
  natsSpec,
  redisSpec,
  stripeSpec,
  workloadSpec,
} from "./containers";

const files: HostFiles = {
  repo: "/repo",
  meshKeyFile: (target) => `/keys/${target}.json`,
  meshJwksFile: "/keys/jwks.json",
  natsConfFile: (node) => `/nats/${node}.conf`,
  ingressConfFile: "/ingress/nginx.conf",
  caFile: "/auth/cert.pem",
};

const flag = (args: string[], name: string) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));

describe("the rehearsal's containers", () => {
  it("label every container with its service and replica, on the host network", () => {
    const args = dockerRunArgs(workloadSpec("purchases", 2, files));
    expect(flag(args, "--label")).toEqual([
      "com.marketplace.rehearsal=true",
      "com.marketplace.service=purchases",
      "com.marketplace.replica=2",
    ]);
    expect(flag(args, "--network")).toEqual(["host"]);
    // readiness is the rehearsal's own /readyz probe, as the kubelet's; the image's check would only add load
    expect(args).toContain("--no-healthcheck");
    expect(flag(args, "--name")).toEqual(["mp-rehearsal-purchases-2"]);
    expect(args.at(-1)).toBe("marketplace/purchases:rehearsal");
  });

  it("run workloads as the manifests' securityContext does, with their mesh keys where the pods have them", () => {
    const args = dockerRunArgs(workloadSpec("settlements", 1, files));
    expect(args).toEqual(expect.arrayContaining(["--read-only", "--user", "1000:1000", "--cap-drop", "ALL"]));
    expect(flag(args, "--stop-timeout")).toEqual(["45"]);
    expect(flag(args, "-v")).toEqual([
      "/keys/settlements.json:/etc/marketplace/mesh-key/private.jwk.json:ro",
      "/keys/jwks.json:/etc/marketplace/mesh-jwks/jwks.json:ro",
    ]);
    expect(flag(args, "-e")).toContain("OPS_PORT=9106");
    const gateway = dockerRunArgs(workloadSpec("gateway", 1, files));
    expect(flag(gateway, "--stop-timeout")).toEqual(["30"]);
    expect(flag(gateway, "-v")).toContain("/auth/cert.pem:/etc/marketplace/rehearsal-ca/ca.pem:ro");
    expect(flag(gateway, "-v")).toContain("/keys/jwks.json:/etc/marketplace/mesh-jwks/jwks.json:ro");
  });

  it("give each NATS node a named data volume and the users' passwords", () => {
    const args = dockerRunArgs(natsSpec(3, "nats:test", files));
    expect(flag(args, "-v")).toEqual([
      "/nats/3.conf:/etc/nats/nats.conf:ro",
      "mp-rehearsal-nats-3-data:/data",
    ]);
    expect(flag(args, "-e")).toEqual(
      expect.arrayContaining(["POD_NAME=nats-3", "PURCHASES_NATS_PASSWORD=purchases-dev-nats"]),
    );
    expect(args.slice(-3)).toEqual(["nats:test", "--config", "/etc/nats/nats.conf"]);
  });

  it("run the Stripe stand-in from the read-only repository, sending notifications to the gateways", () => {
    const args = dockerRunArgs(
      stripeSpec("node:test", files, { port: 12111, webhookUrl: "http://gw/hook", webhookSecret: "whsec_x" }),
    );
    expect(flag(args, "--label")).toEqual([
      "com.marketplace.rehearsal=true",
      "com.marketplace.service=stripe",
      "com.marketplace.replica=1",
    ]);
    expect(flag(args, "-v")).toEqual(["/repo:/repo:ro"]);
    expect(args).toEqual(expect.arrayContaining(["--read-only", "--user", "1000:1000"]));
    expect(flag(args, "-e")).toEqual([
      "STRIPE_STAND_IN_HOST=127.0.0.1",
      "STRIPE_STAND_IN_PORT=12111",
      "STRIPE_STAND_IN_WEBHOOK_URL=http://gw/hook",
      "STRIPE_WEBHOOK_SECRET=whsec_x",
    ]);
    expect(args.slice(-4)).toEqual(["node:test", "--import", "tsx", "/repo/deploy/local/src/stripe/main.ts"]);
  });

  it("run the ingress as nginx in the foreground, its config read-only, restricted, labelled", () => {
    const args = dockerRunArgs(ingressSpec("nginx:test", files));
    expect(flag(args, "--label")).toEqual([
      "com.marketplace.rehearsal=true",
      "com.marketplace.service=ingress",
      "com.marketplace.replica=1",
    ]);
    expect(flag(args, "--name")).toEqual(["mp-rehearsal-ingress-1"]);
    expect(flag(args, "--network")).toEqual(["host"]);
    expect(args).toEqual(expect.arrayContaining(["--read-only", "--user", "1000:1000", "--cap-drop", "ALL"]));
    expect(flag(args, "--tmpfs")).toEqual(["/tmp"]);
    expect(flag(args, "-v")).toEqual(["/ingress/nginx.conf:/etc/nginx/nginx.conf:ro"]);
    expect(flag(args, "--entrypoint")).toEqual(["nginx"]);
    expect(args.slice(-3)).toEqual(["nginx:test", "-g", "daemon off;"]);
  });

  it("run redis as the manifests' Deployment does: in memory, capped, uid 999, read-only, labelled", () => {
    const args = dockerRunArgs(redisSpec("redis:test", 6391));
    expect(flag(args, "--label")).toEqual([
      "com.marketplace.rehearsal=true",
      "com.marketplace.service=redis",
      "com.marketplace.replica=1",
    ]);
    expect(args).toEqual(expect.arrayContaining(["--read-only", "--user", "999:999", "--cap-drop", "ALL"]));
    expect(flag(args, "--tmpfs")).toEqual(["/data"]);
    expect(flag(args, "--entrypoint")).toEqual(["redis-server"]);
    const command = args.slice(args.indexOf("redis:test") + 1);
    expect(command).toEqual(expect.arrayContaining(["--port", "6391", "--save", "", "--appendonly", "no"]));
    expect(flag(command, "--maxmemory")).toEqual(["192mb"]);
    expect(flag(command, "--maxmemory-policy")).toEqual(["allkeys-lru"]);
  });
});
