import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestInfra {
  /** A database created for this test file, dropped by `cleanup`. */
  databaseUrl: string;
  natsUrl: string;
  /** Prefix for this file's JetStream streams and subjects (e.g. `t1a2b3c.`), so files never share a stream. */
  busNamespace: string;
  s3: import("./s3").S3Endpoint;
  cleanup: () => Promise<void>;
}

/** The file's database and bus, as every service reads them from its environment. */
export function infraEnv(infra: TestInfra): Record<string, string> {
  return { DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, BUS_NAMESPACE: infra.busNamespace };
}

/**
 * Everything a test file needs, isolated: a fresh database on the shared server (services create their own
 * schemas in it) and a bus namespace. Call once per file in `beforeAll`, and `cleanup` in `afterAll`.
 */
export async function freshInfra(label = "t"): Promise<TestInfra> {
  // Imported here, not at the top: the rest of @mp/testing is used outside vitest (the local launcher).
  const { inject } = await import("vitest");
  const infra = inject("infra");
  const suffix = randomBytes(4).toString("hex");
  const database = `${label.replace(/[^a-z0-9]/g, "_").slice(0, 20)}_${suffix}`;
  await adminQuery(infra.databaseUrl, `CREATE DATABASE ${database}`);
  const databaseUrl = withDatabase(infra.databaseUrl, database);
  return {
    databaseUrl,
    natsUrl: infra.natsUrl,
    busNamespace: `t${suffix}.`,
    s3: infra.s3,
    cleanup: async () => {
      await adminQuery(infra.databaseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
