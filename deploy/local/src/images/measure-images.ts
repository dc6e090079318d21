import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEFAULT_GRPC_PORTS, grpcPortKey, grpcUrlKey, SERVICE_NAMES } from "@mp/config";
import pg from "pg";
import { FORBIDDEN_PACKAGES, packageOfStoreEntry } from "../../../build/assemble";
import { DEV_AUDIENCE, DEV_ISSUER } from "../dev-keys";
import { DEV_SECRETS } from "../launcher/stack-env";
import { TARGETS } from "../launcher/targets";
import { writeMeshKeys } from "../mesh-keys";
import { freePort } from "../testing-infra";
import { IMAGE_TARGETS, imageTag, median, parseMemUsage } from "./image-targets";

/**
 * `pnpm images:measure [--build] [--runs N]`: measures every image the Dockerfile builds and prints a
 * Markdown report (docs/images.md holds the last one):
 *
 * - size, and what the project adds over the Node base image (the image's size less the base's);
 * - contents: no forbidden package (test, build and development tools) in /app/node_modules, no
 *   TypeScript outside it;
 * - cold start: from `docker run` to the first 200 of `/readyz` (the simulator: `/health`), the median of
 *   `--runs` starts (default 3), each container alone, the schema already migrated (as the Kubernetes
 *   migrate Jobs leave it; the gateway migrates its small schema at boot); the migration run is timed too;
 * - resident memory at rest: `docker stats --no-stream` once every process runs and has idled 20 s.
 *
 * Every container runs with `--read-only --tmpfs /tmp`, `--network host`, free ports, a fresh database on
 * DATABASE_URL's server (default the machine's PostgreSQL on 127.0.0.1:5432, dropped afterwards), NATS at
 * NATS_URL (default 127.0.0.1:4222) under its own bus namespace, and fresh mesh keys; NODE_ENV=production
 * but for the gateway, which reads its user-token keys from a file, accepted only in development, and
 * settlements, which refuses the development Stripe key in production. `--build` builds the
 * images first (`docker build --network host`, tags as in docker-compose.yml).
 */
const ROOT = resolve(fileURLToPath(new URL("../../../..", import.meta.url)));
const run = promisify(execFile);
const NODE_BASE = "node:24-slim";

async function docker(args: string[]): Promise<string> {
  const { stdout } = await run("docker", args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

async function imageBytes(image: string): Promise<number> {
  return Number(await docker(["image", "inspect", "-f", "{{.Size}}", image]));
}

const mb = (bytes: number) => bytes / 1e6;

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What /app/node_modules holds that must not, and any TypeScript outside node_modules. */
async function contentProblems(image: string): Promise<string[]> {
  const listing = await docker([
    "run",
    "--rm",
    "--entrypoint",
    "/bin/sh",
    image,
    "-c",
    "ls /app/node_modules/.pnpm 2>/dev/null; echo ---; find /app -name node_modules -prune -o -name '*.ts' -print",
  ]);
  const [store = "", typescript = ""] = listing.split("---");
  const packages = store
    .split("\n")
    .filter((line) => line && line !== "node_modules" && line !== "lock.yaml")
    .map((id) => packageOfStoreEntry(`/x/node_modules/.pnpm/${id}`));
  const forbidden = packages.filter((name) => FORBIDDEN_PACKAGES.includes(name));
  return [
    ...forbidden.map((name) => `forbidden package ${name}`),
    ...typescript
      .split("\n")
      .filter(Boolean)
      .map((file) => `TypeScript file ${file}`),
  ];
}

async function waitForOk(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((done) => setTimeout(done, 25));
  }
  return false;
}

interface Plan {
  env: Record<string, string>;
  probe: string;
}

function dockerRunArgs(image: string, env: Record<string, string>, keysDir: string, extra: string[] = []) {
  return [
    "run",
    "--network",
    "host",
    "--read-only",
    "--tmpfs",
    "/tmp",
    "-v",
    `${keysDir}:/keys:ro`,
    ...Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    ...extra,
    image,
  ];
}

async function main(args: string[]): Promise<void> {
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive integer");
  if (args.includes("--build")) {
    for (const target of IMAGE_TARGETS) {
      process.stderr.write(`building ${imageTag(target)}\n`);
      await run(
        "docker",
        [
          "build",
          "-q",
          "--network",
          "host",
          "-f",
          "deploy/docker/Dockerfile",
          "--build-arg",
          `SERVICE=${target}`,
          "-t",
          imageTag(target),
          ".",
        ],
        { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      );
    }
  }

  const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const natsUrl = process.env.NATS_URL || "nats://127.0.0.1:4222";
  const suffix = Math.random().toString(16).slice(2, 10);
  const database = `images_${suffix}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const keysDir = mkdtempSync(join(tmpdir(), "image-keys-"));
  const started: string[] = [];
  /** The container of each target left running after its starts. */
  const resting = new Map<string, string>();
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  try {
    await writeMeshKeys(keysDir, TARGETS);
    // The images run as uid 1000; the key files are owner-only.
    for (const file of readdirSync(keysDir)) chmodSync(join(keysDir, file), 0o644);
    chmodSync(keysDir, 0o755);

    const grpc: Record<string, number> = {};
    for (const name of SERVICE_NAMES) grpc[name] = await freePort();
    const simulatorPort = await freePort();
    const common: Record<string, string> = {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      BUS_NAMESPACE: `img${suffix}.`,
      GRPC_HOST: "127.0.0.1",
      OPS_HOST: "127.0.0.1",
      MALLOC_ARENA_MAX: "2",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "measure",
      S3_SECRET_ACCESS_KEY: "measure-secret",
      S3_BUCKET: "marketplace",
      MESH_JWKS_FILE: "/keys/jwks.json",
    };
    for (const name of SERVICE_NAMES) {
      common[grpcPortKey(name)] = String(grpc[name] ?? DEFAULT_GRPC_PORTS[name]);
      common[grpcUrlKey(name)] = `127.0.0.1:${grpc[name]}`;
    }
    const plans: Record<string, Plan> = {};
    for (const target of IMAGE_TARGETS) {
      if (target === "simulator") {
        plans[target] = {
          env: { SIMULATOR_HOST: "127.0.0.1", SIMULATOR_PORT: String(simulatorPort) },
          probe: `http://127.0.0.1:${simulatorPort}/health`,
        };
        continue;
      }
      const ops = await freePort();
      const env: Record<string, string> = {
        ...common,
        OPS_PORT: String(ops),
        MESH_PRIVATE_KEY_FILE: `/keys/${target}.private.jwk.json`,
      };
      if (target === "gateway") {
        Object.assign(env, {
          GATEWAY_HOST: "127.0.0.1",
          GATEWAY_PORT: String(await freePort()),
          AUTH_ISSUER: DEV_ISSUER,
          AUTH_AUDIENCE: DEV_AUDIENCE,
          // Production takes user-token keys only from an https URL; a local file needs development.
          NODE_ENV: "development",
          AUTH_JWKS_FILE: "/keys/jwks.json",
        });
      }
      if (target === "iot-adapter") {
        Object.assign(env, {
          INFUSE_API_URL: `http://127.0.0.1:${simulatorPort}`,
          INFUSE_API_KEY: DEV_SECRETS.INFUSE_API_KEY,
        });
      }
      if (target === "settlements") {
        Object.assign(env, {
          STRIPE_WEBHOOK_SECRET: DEV_SECRETS.STRIPE_WEBHOOK_SECRET,
          STRIPE_API_KEY: DEV_SECRETS.STRIPE_API_KEY,
          // Production refuses a test-mode key, and there is no live one here (as in the rehearsal).
          NODE_ENV: "development",
        });
      }
      if (target === "webhooks") {
        // Production needs its own key sealing the endpoints' signing secrets: a fresh one per run.
        env.WEBHOOK_SECRET_KEY = randomBytes(32).toString("hex");
      }
      plans[target] = { env, probe: `http://127.0.0.1:${ops}/readyz` };
    }

    const base = await imageBytes(NODE_BASE);
    const rows: string[] = [];
    const failures: string[] = [];
    // Services first (the gateway's readiness needs them), the simulator before iot-adapter would dial it.
    const order = ["simulator", ...SERVICE_NAMES, "gateway"];
    const results = new Map<string, { size: number; migrate?: number; starts: number[] }>();
    for (const target of order) {
      const image = imageTag(target);
      const plan = plans[target];
      if (!plan) continue;
      const problems = await contentProblems(image);
      failures.push(...problems.map((problem) => `${target}: ${problem}`));
      let migrate: number | undefined;
      // The gateway migrates its own schema at boot; it has no separate migrate step.
      if (target !== "simulator" && target !== "gateway") {
        const begun = performance.now();
        await docker([...dockerRunArgs(image, plan.env, keysDir, ["--rm"]), "migrate"]);
        migrate = (performance.now() - begun) / 1000;
      }
      const starts: number[] = [];
      for (let attempt = 1; attempt <= runs; attempt++) {
        const begun = performance.now();
        const id = await docker([...dockerRunArgs(image, plan.env, keysDir, ["-d"])]);
        started.push(id);
        const ready = await waitForOk(plan.probe, 60_000);
        const seconds = (performance.now() - begun) / 1000;
        if (!ready) {
          failures.push(`${target}: not ready within 60 s: ${await docker(["logs", "--tail", "5", id])}`);
          break;
        }
        starts.push(seconds);
        process.stderr.write(`${target}: ready in ${seconds.toFixed(2)} s\n`);
        // The last start keeps running, for the memory at rest.
        if (attempt < runs) await docker(["rm", "-f", id]);
        else resting.set(target, id);
      }
      results.set(target, { size: await imageBytes(image), ...(migrate ? { migrate } : {}), starts });
    }

    await new Promise((done) => setTimeout(done, 20_000));
    const memory = new Map<string, number>();
    if (resting.size > 0) {
      const stats = await docker([
        "stats",
        "--no-stream",
        "--format",
        "{{.ID}} {{.MemUsage}}",
        ...resting.values(),
      ]);
      for (const line of stats.split("\n")) {
        const [id, ...usage] = line.split(" ");
        const target = [...resting].find(([, full]) => id && full.startsWith(id))?.[0];
        if (target) memory.set(target, parseMemUsage(usage.join(" ")));
      }
    }

    rows.push(
      "| image | size (MB) | added over node:24-slim (MB) | migrate (s) | cold start to ready, median (s) | starts (s) | RSS at rest (MiB) |",
      "|---|---:|---:|---:|---:|---|---:|",
    );
    for (const target of IMAGE_TARGETS) {
      const result = results.get(target);
      if (!result) continue;
      const starts = result.starts.map((s) => s.toFixed(2)).join(", ");
      rows.push(
        `| ${imageTag(target)} | ${mb(result.size).toFixed(1)} | ${mb(result.size - base).toFixed(1)} | ${
          result.migrate?.toFixed(2) ?? "–"
        } | ${result.starts.length ? median(result.starts).toFixed(2) : "–"} | ${starts} | ${
          memory.get(target)?.toFixed(1) ?? "–"
        } |`,
      );
    }
    const commit = (await run("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })).stdout.trim();
    const engine = await docker(["version", "-f", "{{.Server.Version}}"]);
    process.stdout.write(
      [
        `Measured at ${commit} on ${new Date().toISOString()}: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Docker ${engine}, base ${NODE_BASE} ${mb(base).toFixed(1)} MB, ${runs} starts per image.`,
        "",
        ...rows,
        "",
        failures.length
          ? `Problems:\n${failures.map((f) => `- ${f}`).join("\n")}`
          : "No forbidden package and no TypeScript file in any image.",
        "",
      ].join("\n"),
    );
    if (failures.length) process.exitCode = 1;
  } finally {
    if (started.length) await docker(["rm", "-f", ...started]).catch(() => "");
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    rmSync(keysDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
