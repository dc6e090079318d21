import { rm } from "node:fs/promises";
import type { Target } from "@mp/local/targets";
import pg from "pg";
import {
  type ContainerSpec,
  dockerRunArgs,
  type HostFiles,
  imageOf,
  ingressSpec,
  natsSpec,
  redisSpec,
  stripeSpec,
  toolSpec,
  workloadSpec,
} from "./containers";
import { docker, ensureDocker, REHEARSAL_LABEL, rehearsalContainers } from "./docker";
import { databaseUrl, migrateEnv, replicaEnv, STRIPE_API_BASE } from "./env";
import { prepareHostFiles, REHEARSAL_DIR } from "./host-files";
import { buildImages, ingressImage, natsImage, nodeBaseImage, redisImage } from "./images";
import { httpOk, listening, type Probe, waitReady } from "./ready";
import { releasePorts, reservePorts } from "./reserved-ports";
import { type DemoSeeded, seedDemo } from "./seed";
import {
  containerName,
  DATABASE,
  GATEWAY_PORT,
  gatewayPort,
  HOST,
  JWKS_PORT,
  NATS_NODES,
  type NatsNode,
  natsPorts,
  opsPort,
  REDIS_PORT,
  REPLICAS,
  type Replica,
  S3_PORT,
  SERVICES,
  SIMULATOR_PORT,
  STRIPE_PORT,
} from "./topology";

export type Log = (line: string) => void;

/** How long a container may take from start to ready before `up` (or a drill step) gives up. */
const READY_TIMEOUT_MS = 180_000;

/** A workload replica is ready when its ops port's /readyz answers 200. */
export function workloadProbe(target: Target, replica: Replica): Probe {
  return httpOk(`http://${HOST}:${opsPort(target, replica)}/readyz`);
}

/** The ingress is ready when the gateways' public liveness route answers 200 through it. */
export const INGRESS_PROBE: Probe = httpOk(`http://${HOST}:${GATEWAY_PORT}/healthz`);

/** A NATS node is ready when JetStream is (the manifests' readiness probe). */
export function natsProbe(node: NatsNode): Probe {
  return httpOk(`http://${HOST}:${natsPorts(node).monitor}/healthz?js-enabled-only=true`);
}

async function start(spec: ContainerSpec): Promise<void> {
  await docker(dockerRunArgs(spec));
}

/** Drops and recreates the rehearsal's database on the machine's PostgreSQL. */
async function freshDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl("postgres") });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** Each service's migrations, applied by its image as the `<service>-migrate` Job does, one at a time. */
async function migrate(log: Log): Promise<void> {
  const env = Object.entries(migrateEnv()).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  for (const service of SERVICES) {
    log(`migrating ${service}`);
    await docker([
      "run",
      "--rm",
      "--network",
      "host",
      "--label",
      REHEARSAL_LABEL,
      ...env,
      imageOf(service),
      "migrate",
    ]);
  }
}

/**
 * First replicas, then second ones, each wave waited for: the gateways migrate their own schema at boot,
 * and a wave at a time spares the machine's cores.
 */
async function startWorkloads(targets: readonly Target[], files: HostFiles): Promise<void> {
  for (const replica of REPLICAS) {
    for (const target of targets) await start(workloadSpec(target, replica, files));
    await Promise.all(
      targets.map((target) =>
        waitReady(containerName(target, replica), workloadProbe(target, replica), READY_TIMEOUT_MS),
      ),
    );
  }
}

export interface UpResult {
  gatewayUrl: string;
  demo: DemoSeeded;
  /** Seconds from the first container started to every one ready. */
  startSeconds: number;
}

/**
 * `./dev rehearse up`: Docker, images, then the containers in dependency order (NATS cluster; redis, the
 * object store, the JWKS and the Infuse-IoT simulator; migrations; two replicas of every service; two gateways;
 * the ingress in front of them),
 * each waited for until ready; then the demo data. Leaves everything running.
 */
export async function up(log: Log, options: { skipBuild?: boolean } = {}): Promise<UpResult> {
  await ensureDocker(log);
  await down(log, { keepFiles: false });
  if (options.skipBuild) log("REHEARSAL_SKIP_BUILD: using the images already built");
  else await buildImages(log);
  const files = await prepareHostFiles();
  await reservePorts(log);
  await freshDatabase();
  const startedAt = performance.now();
  log("starting a 3-node NATS JetStream cluster");
  for (const node of NATS_NODES) await start(natsSpec(node, natsImage(), files));
  await Promise.all(NATS_NODES.map((node) => waitReady(`nats-${node}`, natsProbe(node), READY_TIMEOUT_MS)));
  log("starting redis, the object store, the JWKS, the Infuse-IoT simulator and the Stripe stand-in");
  const node = nodeBaseImage();
  await start(redisSpec(redisImage(), REDIS_PORT));
  await start(
    toolSpec("s3", node, files, "s3rver.ts", { S3_PORT: String(S3_PORT), S3_BUCKET: "marketplace" }),
  );
  await start(
    toolSpec(
      "auth",
      node,
      files,
      "jwks-server.ts",
      {
        JWKS_PORT: String(JWKS_PORT),
        JWKS_FILE: "/auth/jwks.json",
        TLS_CERT: "/auth/cert.pem",
        TLS_KEY: "/auth/key.pem",
      },
      [
        [files.authJwksFile, "/auth/jwks.json"],
        [files.tlsCert, "/auth/cert.pem"],
        [files.tlsKey, "/auth/key.pem"],
      ],
    ),
  );
  await start(simulatorSpec());
  await start(
    stripeSpec(node, files, {
      port: STRIPE_PORT,
      webhookUrl: `http://${HOST}:${GATEWAY_PORT}/marketplace/webhooks/stripe`,
      webhookSecret: webhookSecret(),
    }),
  );
  await Promise.all([
    waitReady("stripe", httpOk(`${STRIPE_API_BASE}/health`)),
    waitReady("s3", listening(HOST, S3_PORT)),
    waitReady("redis", listening(HOST, REDIS_PORT)),
    waitReady("auth", listening(HOST, JWKS_PORT)),
    waitReady("simulator", listening(HOST, SIMULATOR_PORT)),
  ]);
  await migrate(log);
  log("starting two replicas of every service");
  await startWorkloads(SERVICES, files);
  log(`starting two gateways on ports ${REPLICAS.map(gatewayPort).join(" and ")}`);
  await startWorkloads(["gateway"], files);
  log(`starting the ingress on port ${GATEWAY_PORT}`);
  await start(ingressSpec(ingressImage(), files));
  await waitReady(containerName("ingress", 1), INGRESS_PROBE, READY_TIMEOUT_MS);
  const startSeconds = (performance.now() - startedAt) / 1000;
  const gatewayUrl = `http://${HOST}:${GATEWAY_PORT}`;
  log(`every container ready (${startSeconds.toFixed(1)} s); seeding the demo data`);
  const demo = await seedDemo(gatewayUrl, log);
  return { gatewayUrl, demo, startSeconds };
}

/** The endpoint secret settlements verifies notifications with (the first of its list signs). */
function webhookSecret(): string {
  const secret = replicaEnv("settlements", 1).STRIPE_WEBHOOK_SECRET?.split(",")[0]?.trim();
  if (!secret) throw new Error("the manifests give settlements no STRIPE_WEBHOOK_SECRET");
  return secret;
}

/** The simulator image, with the platform key iot-adapter is given (the dev overlay's secret). */
function simulatorSpec(): ContainerSpec {
  return {
    name: containerName("simulator", 1),
    image: imageOf("simulator"),
    service: "simulator",
    replica: 1,
    env: {
      SIMULATOR_HOST: HOST,
      SIMULATOR_PORT: String(SIMULATOR_PORT),
      SIMULATOR_API_KEY: replicaEnv("iot-adapter", 1).INFUSE_API_KEY ?? "",
    },
    tmpfs: ["/tmp"],
    restricted: true,
  };
}

/** `./dev rehearse down`: every container and volume labelled as the rehearsal's, its database and files. */
export async function down(log: Log, options: { keepFiles?: boolean } = {}): Promise<void> {
  const ids = await rehearsalContainers().catch(() => []);
  if (ids.length > 0) {
    log(`removing ${ids.length} containers`);
    await docker(["rm", "-f", "-v", ...ids]);
  }
  const volumes = await docker(["volume", "ls", "-q", "--filter", "name=mp-rehearsal-"]).catch(() => "");
  if (volumes) await docker(["volume", "rm", "-f", ...volumes.split("\n")]);
  if (options.keepFiles) return;
  await releasePorts();
  await rm(REHEARSAL_DIR, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: databaseUrl("postgres") });
  await admin.connect().then(
    () => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`),
    () => undefined,
  );
  await admin.end().catch(() => undefined);
}
