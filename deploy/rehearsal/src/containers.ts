import type { Target } from "@mp/local/targets";
import { REHEARSAL_LABEL } from "./docker";
import { JWKS_CA_FILE, replicaEnv } from "./env";
import { natsUserPasswords } from "./manifest-env";
import { containerName, type NatsNode, type Replica } from "./topology";

export interface ContainerSpec {
  name: string;
  image: string;
  /** `com.marketplace.service` and `com.marketplace.replica`. */
  service: string;
  replica: number;
  env: Record<string, string>;
  /** host path -> container path, read-only; a name without `/` is a named volume, mounted read-write. */
  mounts?: [string, string][];
  tmpfs?: string[];
  entrypoint?: string;
  command?: string[];
  /** The process's working directory. */
  workdir?: string;
  /** As the manifests' securityContext: uid 1000 (or `user`), read-only root filesystem, no capabilities. */
  restricted?: boolean;
  /** `uid:gid` of a restricted container when not the services' 1000:1000. */
  user?: string;
  /** Seconds between SIGTERM and SIGKILL on `docker stop` (the pod's terminationGracePeriodSeconds). */
  stopTimeout?: number;
}

/** `docker run` arguments for a spec: detached, host networking, labelled, no restart policy, no HEALTHCHECK. */
export function dockerRunArgs(spec: ContainerSpec): string[] {
  const args = ["run", "-d", "--name", spec.name, "--network", "host"];
  args.push("--label", REHEARSAL_LABEL);
  args.push("--label", `com.marketplace.service=${spec.service}`);
  args.push("--label", `com.marketplace.replica=${spec.replica}`);
  // Kubernetes ignores an image's HEALTHCHECK (its probes ask /readyz, as the rehearsal does), and each
  // check starts a node process: with twenty containers every 10 s, load the drill's machine does not need.
  args.push("--no-healthcheck");
  if (spec.restricted) {
    args.push("--user", spec.user ?? "1000:1000", "--read-only", "--cap-drop", "ALL");
    args.push("--security-opt", "no-new-privileges");
  }
  if (spec.stopTimeout !== undefined) args.push("--stop-timeout", String(spec.stopTimeout));
  for (const path of spec.tmpfs ?? []) args.push("--tmpfs", path);
  for (const [from, to] of spec.mounts ?? []) {
    args.push("-v", from.includes("/") ? `${from}:${to}:ro` : `${from}:${to}`);
  }
  for (const [key, value] of Object.entries(spec.env)) args.push("-e", `${key}=${value}`);
  if (spec.workdir) args.push("--workdir", spec.workdir);
  if (spec.entrypoint) args.push("--entrypoint", spec.entrypoint);
  args.push(spec.image, ...(spec.command ?? []));
  return args;
}

/** Where the rehearsal's files on the host are (mesh keys, NATS configuration, the JWKS's certificate). */
export interface HostFiles {
  repo: string;
  meshKeyFile: (target: Target) => string;
  meshJwksFile: string;
  natsConfFile: (node: NatsNode) => string;
  /** The ingress's nginx.conf (nginx-conf.ts). */
  ingressConfFile: string;
  caFile: string;
}

export function imageOf(target: Target | "simulator"): string {
  return `marketplace/${target}:rehearsal`;
}

/** One replica of a service or of the gateway, as its Deployment describes it. */
export function workloadSpec(target: Target, replica: Replica, files: HostFiles): ContainerSpec {
  const mounts: [string, string][] = [
    [files.meshKeyFile(target), "/etc/marketplace/mesh-key/private.jwk.json"],
  ];
  mounts.push([files.meshJwksFile, "/etc/marketplace/mesh-jwks/jwks.json"]);
  if (target === "gateway") mounts.push([files.caFile, JWKS_CA_FILE]);
  return {
    name: containerName(target, replica),
    image: imageOf(target),
    service: target,
    replica,
    env: replicaEnv(target, replica),
    mounts,
    tmpfs: ["/tmp"],
    restricted: true,
    stopTimeout: target === "gateway" ? 30 : 45,
  };
}

/** A NATS cluster node: the manifests' configuration adapted to this host, its passwords as env. */
export function natsSpec(node: NatsNode, image: string, files: HostFiles): ContainerSpec {
  return {
    name: containerName("nats", node),
    image,
    service: "nats",
    replica: node,
    env: { POD_NAME: `nats-${node}`, ...natsUserPasswords() },
    mounts: [
      [files.natsConfFile(node), "/etc/nats/nats.conf"],
      [`mp-rehearsal-nats-${node}-data`, "/data"],
    ],
    tmpfs: ["/var/run/nats"],
    entrypoint: "nats-server",
    command: ["--config", "/etc/nats/nats.conf"],
    stopTimeout: 60,
  };
}

/**
 * The gateways' shared rate-limit store, as the manifests' redis Deployment runs it (in memory only, the
 * same memory cap and eviction), on its own port; uid 999 like the Deployment, a read-only root filesystem.
 */
export function redisSpec(image: string, port: number): ContainerSpec {
  return {
    name: containerName("redis", 1),
    image,
    service: "redis",
    replica: 1,
    env: {},
    tmpfs: ["/data"],
    entrypoint: "redis-server",
    command: [
      ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      ...["--maxmemory", "192mb", "--maxmemory-policy", "allkeys-lru", "--dir", "/data"],
    ],
    user: "999:999",
    restricted: true,
  };
}

/**
 * The ingress in front of the two gateways, as ingress-nginx in front of the gateway pods (nginx-conf.ts).
 * Restricted like the workloads: uid 1000 (the rehearsal's files on the host are that uid's, in a
 * directory only it may enter; nginx needs no other uid, as it binds 8080 and writes only /tmp), a
 * read-only root filesystem with a tmpfs /tmp, no capabilities.
 */
export function ingressSpec(image: string, files: HostFiles): ContainerSpec {
  return {
    name: containerName("ingress", 1),
    image,
    service: "ingress",
    replica: 1,
    env: {},
    mounts: [[files.ingressConfFile, "/etc/nginx/nginx.conf"]],
    tmpfs: ["/tmp"],
    entrypoint: "nginx",
    command: ["-g", "daemon off;"],
    restricted: true,
    stopTimeout: 10,
  };
}

/** A small server from the repository's rehearsal/containers directory, run on the Node base image. */
export function toolSpec(
  service: "s3" | "auth",
  nodeImage: string,
  files: HostFiles,
  script: string,
  env: Record<string, string>,
  extraMounts: [string, string][] = [],
): ContainerSpec {
  return {
    name: containerName(service, 1),
    image: nodeImage,
    service,
    replica: 1,
    env,
    mounts: [[files.repo, "/repo"], ...extraMounts],
    tmpfs: ["/tmp", "/data"],
    entrypoint: "node",
    command: [`/repo/deploy/rehearsal/containers/${script}`],
    restricted: true,
  };
}

/**
 * The Stripe stand-in (deploy/local/src/stripe/main.ts, as the launcher's `stripe-process.ts` runs it) on
 * the Node base image, the repository mounted read-only: settlements' `STRIPE_API_BASE`; it sends its
 * signed notifications to the gateways' webhook route with settlements' secret.
 */
export function stripeSpec(
  nodeImage: string,
  files: HostFiles,
  standIn: { port: number; webhookUrl: string; webhookSecret: string },
): ContainerSpec {
  return {
    name: containerName("stripe", 1),
    image: nodeImage,
    service: "stripe",
    replica: 1,
    env: {
      STRIPE_STAND_IN_HOST: "127.0.0.1",
      STRIPE_STAND_IN_PORT: String(standIn.port),
      STRIPE_STAND_IN_WEBHOOK_URL: standIn.webhookUrl,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    },
    mounts: [[files.repo, "/repo"]],
    tmpfs: ["/tmp"],
    workdir: "/repo",
    entrypoint: "node",
    command: ["--import", "tsx", "/repo/deploy/local/src/stripe/main.ts"],
    restricted: true,
  };
}
