import { type Logger, testLogger } from "@mp/logger";
import type pg from "pg";
import { afterAll, afterEach, beforeAll } from "vitest";
import { freshInfra, type TestInfra } from "./fresh";

/** What a replica's pool is opened with: the subset of `@mp/db`'s `PoolOptions` this helper sets. */
export interface ReplicaPoolOptions {
  url: string;
  schema: string;
  applicationName: string;
  max: number;
  logger: Logger;
}

export interface ReplicaPoolsOptions<P extends pg.Pool> {
  /** Names the file's fresh database (see `freshInfra`) and its admin pool. */
  label: string;
  /** The service's schema: every replica's pool is pinned to it. */
  schema: string;
  /**
   * Opens one pool: `@mp/db`'s `createPool`. Passed in rather than imported because `@mp/db`'s own tests
   * use this package.
   */
  createPool: (options: ReplicaPoolOptions) => P;
  /** Brings the schema up on an admin pool before the first test: the service's migrations, seed rows. */
  prepare: (admin: P, infra: TestInfra) => Promise<unknown>;
  /** Connections of each replica's pool. */
  max?: number;
  /**
   * `"test"`: each test's pools are ended when it ends, so the next test's replicas find free connections
   * on the shared server (100 in all); `"file"`: all are ended with the file.
   */
  endAfter: "test" | "file";
}

/** The pools of a test file's replicas, each its own, on one fresh database. */
export interface ReplicaPools<P extends pg.Pool> {
  /** The file's database, bus namespace and object store; set once `beforeAll` has run. */
  readonly infra: TestInfra;
  /** A new pool for one replica, shown as `name` in `pg_stat_activity`; ended by the hooks. */
  pool(name: string): P;
  /** Ends a pool now, as a replica that dies mid-work, and leaves it out of what the hooks end. */
  end(pool: P): Promise<void>;
}

/**
 * Registers the file's `beforeAll` (fresh database, `prepare` on an admin pool), `afterEach` (with
 * `endAfter: "test"`) and `afterAll` (remaining pools, then the database) hooks, so replica tests share one
 * way of opening pools and giving every connection back. Call once, at the top of the file.
 */
export function useReplicaPools<P extends pg.Pool>(options: ReplicaPoolsOptions<P>): ReplicaPools<P> {
  let infra: TestInfra | undefined;
  let open: P[] = [];
  const endAll = () => Promise.all(open.splice(0).map((pool) => pool.end()));
  const pools: ReplicaPools<P> = {
    get infra() {
      if (!infra) throw new Error("useReplicaPools: the infra is set in beforeAll");
      return infra;
    },
    pool(name) {
      const pool = options.createPool({
        url: pools.infra.databaseUrl,
        schema: options.schema,
        applicationName: name,
        max: options.max ?? 3,
        logger: testLogger(name),
      });
      open.push(pool);
      return pool;
    },
    async end(pool) {
      open = open.filter((p) => p !== pool);
      await pool.end();
    },
  };
  beforeAll(async () => {
    infra = await freshInfra(options.label);
    await options.prepare(pools.pool(`${options.label}-admin`), infra);
  });
  if (options.endAfter === "test") afterEach(endAll);
  afterAll(async () => {
    await endAll();
    await infra?.cleanup();
  });
  return pools;
}
