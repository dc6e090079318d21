import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { status } from "@grpc/grpc-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AppError, NotFoundError } from "./app-error";
import { fromGrpcError, toGrpcError } from "./grpc-status";
import { asAppError, unavailableDependency } from "./infrastructure-errors";

/**
 * The classifier against errors thrown by the real libraries: `pg` against a closed port, a busy pool and
 * the local PostgreSQL's own timeouts and refusals; the AWS SDK against a local HTTP server that answers
 * like a sick S3 (5xx, silence). Hand-made look-alikes would only prove the classifier matches itself.
 */
const databaseUrl = inject("infra").databaseUrl;
let admin: pg.Client;

async function rejectionOf(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

function expectUnavailable(error: unknown, retryAfter: number, detail: RegExp) {
  const mapped = unavailableDependency(error);
  expect(mapped, String(error)).toBeDefined();
  expect(mapped!.code).toBe("upstream-unavailable");
  expect(mapped!.status).toBe(503);
  expect(mapped!.retryAfterSeconds).toBe(retryAfter);
  expect(mapped!.message).toMatch(detail);
  expect(mapped!.cause).toBe(error);
  expect(asAppError(error).code).toBe("upstream-unavailable");
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
});
afterAll(() => admin?.end());

describe("PostgreSQL errors that mean the database cannot serve now", () => {
  it("a connection refused on a closed port, by a client and through a pool", async () => {
    const closed = "postgres://postgres@127.0.0.1:1/postgres";
    const client = new pg.Client({ connectionString: closed });
    expectUnavailable(await rejectionOf(() => client.connect()), 5, /database|dependency/);
    const pool = new pg.Pool({ connectionString: closed });
    expectUnavailable(await rejectionOf(() => pool.query("SELECT 1")), 5, /unavailable/);
    await pool.end();
  });

  it("an exhausted pool (connect timeout)", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 100 });
    // The pool's one connection, held. Opening it may itself take over 100 ms on a loaded machine (the
    // timeout covers the connection's set-up too): try again until it opens.
    let held: pg.PoolClient | undefined;
    for (let attempt = 1; !held; attempt++) {
      held = await pool.connect().catch((error: unknown) => {
        if (attempt >= 50) throw error;
        return undefined;
      });
    }
    try {
      expectUnavailable(await rejectionOf(() => pool.query("SELECT 1")), 2, /database is busy/);
    } finally {
      held.release();
      await pool.end();
    }
  });

  it("a statement timeout (57014)", async () => {
    const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 50 });
    await client.connect();
    try {
      const error = await rejectionOf(() => client.query("SELECT pg_sleep(2)"));
      expect((error as { code: string }).code).toBe("57014");
      expectUnavailable(error, 2, /database is busy/);
    } finally {
      await client.end();
    }
  });

  it("a lock timeout (55P03)", async () => {
    const key = Math.floor(Math.random() * 1_000_000_000);
    const waiter = new pg.Client({ connectionString: databaseUrl });
    await waiter.connect();
    await admin.query("SELECT pg_advisory_lock($1)", [key]);
    try {
      await waiter.query("SET lock_timeout = 50");
      const error = await rejectionOf(() => waiter.query("SELECT pg_advisory_lock($1)", [key]));
      expect((error as { code: string }).code).toBe("55P03");
      expectUnavailable(error, 2, /database is busy/);
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [key]);
      await waiter.end();
    }
  });

  it("a serialization failure (40001) and a deadlock (40P01): 503 with Retry-After, UNAVAILABLE over gRPC", async () => {
    const table = `conflict_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE TABLE ${table} (k int PRIMARY KEY, v int NOT NULL)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 0), (2, 0)`);
    const [one, two] = [
      new pg.Client({ connectionString: databaseUrl }),
      new pg.Client({ connectionString: databaseUrl }),
    ];
    await one.connect();
    await two.connect();
    const conflicts: unknown[] = [];
    try {
      // Write skew: each SERIALIZABLE transaction reads what the other writes; the second to commit fails.
      for (const c of [one, two]) {
        await c.query("BEGIN ISOLATION LEVEL SERIALIZABLE");
        await c.query(`SELECT sum(v) FROM ${table}`);
      }
      await one.query(`UPDATE ${table} SET v = v + 1 WHERE k = 1`);
      const serialization = await rejectionOf(async () => {
        await two.query(`UPDATE ${table} SET v = v + 1 WHERE k = 2`);
        await one.query("COMMIT");
        await two.query("COMMIT");
      });
      await two.query("ROLLBACK");
      // Opposite lock order: PostgreSQL ends one of the two waiting for each other.
      for (const [c, k] of [
        [one, 1],
        [two, 2],
      ] as const) {
        await c.query("BEGIN");
        await c.query(`UPDATE ${table} SET v = v + 1 WHERE k = $1`, [k]);
      }
      const crossed = await Promise.allSettled([
        one.query(`UPDATE ${table} SET v = v + 1 WHERE k = 2`),
        two.query(`UPDATE ${table} SET v = v + 1 WHERE k = 1`),
      ]);
      const deadlock = crossed.find((r) => r.status === "rejected")?.reason;
      await one.query("ROLLBACK");
      await two.query("ROLLBACK");
      conflicts.push(serialization, deadlock);
    } finally {
      await one.end();
      await two.end();
      await admin.query(`DROP TABLE ${table}`);
    }
    expect(conflicts.map((e) => (e as { code?: string } | undefined)?.code)).toEqual(["40001", "40P01"]);
    for (const error of conflicts) {
      expectUnavailable(error, 2, /database is busy/);
      const wire = toGrpcError(error);
      expect(wire.code).toBe(status.UNAVAILABLE);
      expect(fromGrpcError(wire, "settlements")).toMatchObject({
        code: "upstream-unavailable",
        retryAfterSeconds: 2,
      });
    }
  });

  it("too many connections (53300)", async () => {
    const role = `no_slots_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`);
    try {
      const url = new URL(databaseUrl);
      url.username = role;
      url.password = "";
      const client = new pg.Client({ connectionString: url.toString() });
      const error = await rejectionOf(() => client.connect());
      expect((error as { code: string }).code).toBe("53300");
      expectUnavailable(error, 2, /database is busy/);
    } finally {
      await admin.query(`DROP ROLE ${role}`);
    }
  });

  it("an administrator shutting the connection down (57P01), and the connection lost with it", async () => {
    const victim = new pg.Client({ connectionString: databaseUrl });
    await victim.connect();
    victim.on("error", () => {}); // the lost connection is also reported here; the query's rejection is what matters
    const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const sleeping = rejectionOf(() => victim.query("SELECT pg_sleep(5)"));
    // Terminate once the backend is busy with the query, so the query (not the idle client) sees it.
    const deadline = Date.now() + 5_000;
    let terminated = false;
    while (!terminated && Date.now() < deadline) {
      const result = await admin.query<{ done: boolean }>(
        "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
        [rows[0]!.pid],
      );
      terminated = result.rows[0]?.done === true;
    }
    const error = await sleeping;
    expect((error as { code: string }).code).toBe("57P01");
    expectUnavailable(error, 5, /database is unavailable/);
    const afterwards = await rejectionOf(() => victim.query("SELECT 1"));
    expectUnavailable(afterwards, 5, /database is unavailable/);
  });

  it("leaves errors about the request itself alone: they stay internal", async () => {
    const division = await rejectionOf(() => admin.query("SELECT 1/0"));
    expect((division as { code: string }).code).toBe("22012");
    expect(unavailableDependency(division)).toBeUndefined();
    expect(asAppError(division).code).toBe("internal");
    const syntax = await rejectionOf(() => admin.query("SELEC 1"));
    expect(unavailableDependency(syntax)).toBeUndefined();
  });
});

describe("object storage errors (AWS SDK)", () => {
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.includes("silent")) return; // never answers: the client's timeout fires
      const [statusCode, code] = request.url?.includes("missing") ? [404, "NoSuchKey"] : [503, "SlowDown"];
      response.writeHead(statusCode, { "content-type": "application/xml" });
      response.end(`<Error><Code>${code}</Code><Message>sick store</Message></Error>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // A request timeout long enough for a loaded CI machine to answer, unless a test wants it to fire.
  const client = (url: string, requestTimeout = 10_000) =>
    new S3Client({
      endpoint: url,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "test", secretAccessKey: "test" },
      maxAttempts: 1,
      requestHandler: { requestTimeout, throwOnRequestTimeout: true },
    });

  it("a 5xx answer (GET with an error body, HEAD without one)", async () => {
    const s3 = client(endpoint);
    const get = await rejectionOf(() => s3.send(new GetObjectCommand({ Bucket: "b", Key: "k" })));
    expect(get).toBeInstanceOf(S3ServiceException);
    expectUnavailable(get, 2, /object storage is busy/);
    const head = await rejectionOf(() => s3.send(new HeadObjectCommand({ Bucket: "b", Key: "k" })));
    expectUnavailable(head, 2, /object storage is busy/);
  });

  it("a request timeout and a refused connection", async () => {
    const timeout = await rejectionOf(() =>
      client(endpoint, 200).send(new GetObjectCommand({ Bucket: "b", Key: "silent" })),
    );
    expect((timeout as Error).name).toBe("TimeoutError");
    expectUnavailable(timeout, 2, /object storage is busy/);
    const refused = await rejectionOf(() =>
      client("http://127.0.0.1:1").send(new GetObjectCommand({ Bucket: "b", Key: "k" })),
    );
    expectUnavailable(refused, 5, /object storage is unavailable/);
  });

  it("the SDK's exported classes: a server fault maps, a client fault does not", () => {
    const serverFault = new S3ServiceException({
      name: "InternalError",
      $fault: "server",
      $metadata: { httpStatusCode: 500 },
      message: "We encountered an internal error.",
    });
    expectUnavailable(serverFault, 2, /object storage/);
    const missing = new NoSuchKey({ $metadata: { httpStatusCode: 404 }, message: "gone" });
    expect(unavailableDependency(missing)).toBeUndefined();
  });

  it("a 404 from the store stays what the caller makes of it", async () => {
    const missing = await rejectionOf(() =>
      client(endpoint).send(new GetObjectCommand({ Bucket: "b", Key: "missing" })),
    );
    expect(unavailableDependency(missing)).toBeUndefined();
  });
});

describe("the mapping at the transports", () => {
  it("toGrpcError sends a sick dependency as UNAVAILABLE with Retry-After, which the client rebuilds", async () => {
    const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 20 });
    await client.connect();
    const error = await rejectionOf(() => client.query("SELECT pg_sleep(1)"));
    await client.end();
    const wire = toGrpcError(error);
    expect(wire.code).toBe(status.UNAVAILABLE);
    expect(wire.details).not.toMatch(/statement|pg_sleep/);
    const back = fromGrpcError(wire, "publishing");
    expect(back.code).toBe("upstream-unavailable");
    expect(back.retryAfterSeconds).toBe(2);
  });

  it("a wrapped cause is found; AppErrors and unknown errors keep their meaning, internal carries errorId", () => {
    const wrapped = new Error("repository failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    expect(unavailableDependency(wrapped)?.code).toBe("upstream-unavailable");
    const notFound = new NotFoundError("Item");
    expect(asAppError(notFound)).toBe(notFound);
    const internal = asAppError(new Error("relation x does not exist"), { errorId: "e-1" });
    expect(internal).toBeInstanceOf(AppError);
    expect(internal.code).toBe("internal");
    expect(internal.extensions).toEqual({ errorId: "e-1" });
    const wire = toGrpcError(new Error("boom"), { errorId: "e-2" });
    expect(fromGrpcError(wire, "assets").extensions).toEqual({ errorId: "e-2" });
  });
});
