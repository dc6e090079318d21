import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createPool, migrate, type Pool } from "@mp/db";
import { createLogger } from "@mp/logger";
import { freshInfra, infraEnv, type TestInfra, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bus, connectBus } from "./connection";
import {
  CONSUMER_SCHEMA,
  consumerMigrations,
  PRODUCER_SCHEMA,
  producerMigrations,
  STREAM,
} from "./crash/schema";
import { ensureStream } from "./streams";

const TOTAL = 10_000;
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

let infra: TestInfra;
let producerDb: Pool;
let consumerDb: Pool;
let bus: Bus;

beforeAll(async () => {
  infra = await freshInfra("bus_crash");
  producerDb = createPool({ url: infra.databaseUrl, schema: PRODUCER_SCHEMA });
  consumerDb = createPool({ url: infra.databaseUrl, schema: CONSUMER_SCHEMA });
  await migrate(producerDb, PRODUCER_SCHEMA, producerMigrations());
  await migrate(consumerDb, CONSUMER_SCHEMA, consumerMigrations());
  bus = await connectBus({
    url: infra.natsUrl,
    name: "crash-test",
    namespace: infra.busNamespace,
    logger: createLogger({ service: "crash-test", level: "warn" }),
  });
  await ensureStream(bus, { name: STREAM, subjects: ["crash.>"] });
});
afterAll(async () => {
  await bus?.jsm.streams.delete(bus.streamName(STREAM)).catch(() => {});
  await bus?.close();
  await producerDb?.end();
  await consumerDb?.end();
  await infra?.cleanup();
});

/** A child process on the real packages, restartable after a SIGKILL. */
class Child {
  #process: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  stderr = "";
  kills = 0;

  constructor(private readonly file: string) {}

  start(): void {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL(this.file, import.meta.url))],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...infraEnv(infra),
          CRASH_TOTAL: String(TOTAL),
        },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4_000);
    });
    this.#exited = new Promise((resolve) => child.once("exit", () => resolve()));
    this.#process = child;
  }

  /** SIGKILL, wait for the exit, start again. */
  async crash(): Promise<void> {
    this.kills++;
    this.#process?.kill("SIGKILL");
    await this.#exited;
    this.start();
  }

  async stop(): Promise<void> {
    this.#process?.kill("SIGKILL");
    await this.#exited;
  }
}

async function count(db: Pool, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql);
  return rows[0]?.n ?? 0;
}

describe("crash test", () => {
  it("applies every event exactly once while producer and consumer are killed -9 again and again", {
    timeout: 150_000,
  }, async () => {
    const started = Date.now();
    const producer = new Child("./crash/producer.ts");
    const consumer = new Child("./crash/consumer.ts");
    producer.start();
    consumer.start();
    // Kills at fixed points of progress, so they land while events flow however fast the machine is.
    const producerKillsAt = [1_500, 4_000, 6_500];
    const consumerKillsAt = [1_000, 3_000, 5_500, 8_000];
    const progress = { orders: 0, effects: 0 };
    try {
      await waitFor(
        async () => {
          const orders = await count(producerDb, "SELECT count(*)::int AS n FROM orders");
          const effects = await count(consumerDb, "SELECT count(*)::int AS n FROM effects");
          progress.orders = orders;
          progress.effects = effects;
          if (producerKillsAt[0] !== undefined && orders >= producerKillsAt[0]) {
            producerKillsAt.shift();
            await producer.crash();
          }
          if (consumerKillsAt[0] !== undefined && effects >= consumerKillsAt[0]) {
            consumerKillsAt.shift();
            await consumer.crash();
          }
          return effects === TOTAL && orders === TOTAL ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 100, what: "every effect (stderr of the children in the cause)" },
      ).catch((error: Error) => {
        throw new Error(
          `${error.message} at ${JSON.stringify(progress)}, kills ${producer.kills}+${consumer.kills}\n` +
            `producer: ${producer.stderr}\nconsumer: ${consumer.stderr}`,
        );
      });
    } finally {
      await Promise.all([producer.stop(), consumer.stop()]);
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `[crash test] ${TOTAL} events, ${producer.kills}+${consumer.kills} kills, ${seconds.toFixed(1)} s`,
    );

    expect(producer.kills).toBe(3);
    expect(consumer.kills).toBe(4);
    // Every order's effect exactly once, for the event the order was written with.
    expect(await count(consumerDb, "SELECT count(*)::int AS n FROM effects WHERE applied <> 1")).toBe(0);
    const { rows: mismatched } = await producerDb.query(
      `SELECT o.n FROM crash_producer.orders o LEFT JOIN crash_consumer.effects e ON e.n = o.n
         WHERE e.event_id IS DISTINCT FROM o.event_id LIMIT 5`,
    );
    expect(mismatched).toEqual([]);
    expect(await count(consumerDb, "SELECT count(*)::int AS n FROM dead_letters")).toBe(0);
    expect(await count(producerDb, "SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL")).toBe(0);
    // Republished rows (killed between publish and mark-sent) were dropped by the stream's dedup.
    const stream = await bus.jsm.streams.info(bus.streamName(STREAM));
    expect(stream.state.messages).toBe(TOTAL);
  });
});
