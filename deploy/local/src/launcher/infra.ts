import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { DEFAULT_DATA_DIR } from "../paths";
import {
  ensureBucket,
  freePort,
  hostPort,
  isListening,
  NATS_INSTALL_HINT,
  natsServerBinary,
  type S3Endpoint,
  type Started,
  startNatsServer,
} from "../testing-infra";
import { startPostgresServer } from "./postgres";
import { allowBrowserUploads } from "./s3-cors";
import type { Env } from "./targets";

/** The database the stack's services share (one schema each) inside whatever server it uses. */
export const STACK_DATABASE = "marketplace";

/** Ports tried first for what the launcher starts itself, away from the machine's 5432 / 4222. */
export const PREFERRED_PORTS = { postgres: 54329, nats: 4223, s3: 4569 } as const;

export type Source = Started["source"];

export interface InfraOptions {
  /** DATABASE_URL, NATS_URL and S3_* here select existing infrastructure instead of starting it. */
  env: Env;
  /** Holds `pg/`, `nats/`, `s3/` across runs (default `.local/`); unused when ephemeral. */
  dataDir?: string;
  /** Temporary directories and free ports, all removed on stop: for tests. */
  ephemeral?: boolean;
  /** Use PostgreSQL on 127.0.0.1:5432 and NATS on 127.0.0.1:4222 when they answer. */
  useLocal?: boolean;
  /** Told once the checks pass and starting begins (nothing is said when nats-server is missing). */
  onStarting?: () => void;
}

export interface Infra {
  databaseUrl: string;
  natsUrl: string;
  s3: S3Endpoint;
  sources: { postgres: Source; nats: Source; s3: Source };
  /** Stops what this call started (never what it only found); safe to call twice. */
  stop(): Promise<void>;
}

/** Thrown before anything starts when NATS is needed and nats-server is not installed; its message is one line. */
export class MissingNatsServerError extends Error {
  constructor() {
    super(NATS_INSTALL_HINT);
    this.name = "MissingNatsServerError";
  }
}

/**
 * PostgreSQL, NATS JetStream and S3 for the stack: taken from the environment when set, else started here,
 * in parallel. The stack owns its data, so the machine's default ports are used only with `useLocal`. When
 * one part fails, the parts already started are stopped before the error propagates.
 */
export async function startInfra(options: InfraOptions): Promise<Infra> {
  if (!options.env.NATS_URL && !(await localNats(options)) && !natsServerBinary()) {
    throw new MissingNatsServerError();
  }
  options.onStarting?.();
  const results = await Promise.allSettled([startPostgres(options), startNats(options), startS3(options)]);
  const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failure = results.find((r) => r.status === "rejected");
  if (failure) {
    await Promise.allSettled(started.map((part) => part.stop()));
    throw failure.reason;
  }
  const [postgres, nats, s3] = started as [Started, Started, Started & { s3: S3Endpoint }];
  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    s3: s3.s3,
    sources: { postgres: postgres.source, nats: nats.source, s3: s3.source },
    stop: () => {
      stopping ??= Promise.allSettled([postgres.stop(), nats.stop(), s3.stop()]).then(() => undefined);
      return stopping;
    },
  };
}

const noop = async () => {};

async function startPostgres(options: InfraOptions): Promise<Started> {
  const fromEnv = options.env.DATABASE_URL;
  if (fromEnv) {
    await mustAnswer("DATABASE_URL", fromEnv, 5432);
    return { url: fromEnv, source: "env", stop: noop };
  }
  if (options.useLocal && (await isListening("127.0.0.1", 5432))) {
    const url = await ensureDatabase("postgres://postgres@127.0.0.1:5432/postgres");
    return { url, source: "local", stop: noop };
  }
  const server = options.ephemeral
    ? await startPostgresServer({ port: await freePort() })
    : await startPostgresServer({
        port: await preferredPort(PREFERRED_PORTS.postgres),
        dir: await dataSubdir(options, "pg"),
      });
  try {
    return { ...server, url: await ensureDatabase(server.url) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function startNats(options: InfraOptions): Promise<Started> {
  const fromEnv = options.env.NATS_URL;
  if (fromEnv) {
    await mustAnswer("NATS_URL", fromEnv.replace(/^nats:/, "http:"), 4222);
    return { url: fromEnv, source: "env", stop: noop };
  }
  if (await localNats(options)) return { url: "nats://127.0.0.1:4222", source: "local", stop: noop };
  if (options.ephemeral) return startNatsServer();
  return startNatsServer({
    port: await preferredPort(PREFERRED_PORTS.nats),
    storeDir: await dataSubdir(options, "nats"),
  });
}

async function startS3(options: InfraOptions): Promise<Started & { s3: S3Endpoint }> {
  const { env } = options;
  const bucket = env.S3_BUCKET || "marketplace";
  if (env.S3_ENDPOINT) {
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error("S3_ENDPOINT is set: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too");
    }
    const s3 = endpoint(env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, bucket);
    s3.region = env.S3_REGION || s3.region;
    await ensureBucket(s3);
    return { url: s3.endpoint, source: "env", stop: noop, s3 };
  }
  return startS3rver(options, bucket);
}

/**
 * s3rver in this process. (@mp/testing's findOrStartS3 does the same but reads process.env itself, so
 * it cannot honour a launcher whose environment was overridden for the call.)
 */
async function startS3rver(options: InfraOptions, bucket: string): Promise<Started & { s3: S3Endpoint }> {
  const { default: S3rver } = await import("s3rver");
  const port = options.ephemeral ? await freePort() : await preferredPort(PREFERRED_PORTS.s3);
  const dir = options.ephemeral ? await mkdtemp(join(tmpdir(), "mp-s3-")) : await dataSubdir(options, "s3");
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: dir });
  await server.run();
  const s3 = endpoint(`http://127.0.0.1:${port}`, "S3RVER", "S3RVER", bucket);
  const stop = async () => {
    await server.close();
    if (options.ephemeral) await rm(dir, { recursive: true, force: true });
  };
  await ensureBucket(s3)
    .then(() => allowBrowserUploads(s3))
    .catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  return { url: s3.endpoint, source: "started", stop, s3 };
}

function endpoint(url: string, accessKeyId: string, secretAccessKey: string, bucket: string): S3Endpoint {
  return { endpoint: url, region: "us-east-1", accessKeyId, secretAccessKey, bucket, forcePathStyle: true };
}

async function localNats(options: InfraOptions): Promise<boolean> {
  return Boolean(options.useLocal) && (await isListening("127.0.0.1", 4222));
}

async function mustAnswer(key: string, url: string, defaultPort: number): Promise<void> {
  const { host, port } = hostPort(url, defaultPort);
  if (!(await isListening(host, port)))
    throw new Error(`${key} is set but nothing listens at ${host}:${port}`);
}

async function preferredPort(port: number): Promise<number> {
  return (await isListening("127.0.0.1", port)) ? freePort() : port;
}

async function dataSubdir(options: InfraOptions, name: string): Promise<string> {
  const dir = join(options.dataDir ?? DEFAULT_DATA_DIR, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The stack's own database on a server it was handed, created once; a concurrent creator is not an error. */
async function ensureDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [STACK_DATABASE]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${STACK_DATABASE}`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error;
      });
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${STACK_DATABASE}`;
  return url.toString();
}
