/**
 * The event path of bench scenario B without a stack: instance creations written as the catalogue writes
 * them (the row and its outbox event in one statement), relayed by the bus's outbox relay to JetStream and
 * applied by publishing's instance consumer (its real handler and options), at a steady rate. A fresh
 * database on the local PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
 * a fresh namespace on the local NATS (NATS_URL, default nats://127.0.0.1:4222), both removed afterwards.
 * `listeners` other schemas LISTEN as the other services' relays do in the stack's shared database.
 *
 * Reports per creation, after a warm-up: SQL statements (by kind) and CPU of the PostgreSQL backends of
 * each role (writer, relay, consumer, other listeners; from /proc/<pid>/stat, so the server must run on
 * this machine), and this process's CPU (all roles together). Latency is not reported: judge by CPU.
 *
 *   pnpm tsx bench/src/probe/publishing/instance-path-cpu.ts [rate=200] [seconds=15] [listeners=7]
 *
 * PER_BACKEND=1 also lists the CPU of each backend of the three roles; RELAY_GATHER_MS sets the relay's
 * `gatherMs` (default 0); TELEMETRY=0 leaves OpenTelemetry's no-op API in place instead of starting the
 * services' telemetry (a tracer provider whose spans are sampled out, no exporter: what the stack runs).
 */
import { randomBytes } from "node:crypto";
import {
  busMigrations,
  connectBus,
  ensureStream,
  listenForSchemaChannel,
  newEvent,
  startConsumer,
  startOutboxRelay,
} from "@mp/bus";
import { instanceCreatedV1, STREAMS } from "@mp/contracts";
import { createPool, migrate } from "@mp/db";
import { knownInstancesConsumer } from "@mp/known-instances";
import { createLogger, type Logger } from "@mp/logger";
import { makeUnitOfWork, migrateService } from "@mp/runtime";
import { getTracer, startTelemetry } from "@mp/telemetry";
import { processCpuMs } from "@mp/testing/proc-cpu";
import { countStatements, withScratchDatabase } from "@mp/testing/write-cost";
import { v7 as uuidv7 } from "uuid";

const RATE = Number(process.argv[2] ?? 200);
const SECONDS = Number(process.argv[3] ?? 15);
const LISTENERS = Number(process.argv[4] ?? 7);
const WARMUP = Math.min(RATE * 2, 400);
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const OWNER = "0193a1b2-0000-7000-8000-0000000000b1";

const INSTANCES = `CREATE TABLE instances (
  id uuid PRIMARY KEY, name text NOT NULL, owner_organisation_id uuid NOT NULL, default_currency char(3) NOT NULL,
  platform_fee_bps integer NOT NULL, created_at timestamptz NOT NULL)`;

/** The script's pools on one database: the catalogue's, the relay's own, publishing's, the listeners'. */
function openPools(url: string, logger: Logger) {
  const pool = (schema: string, max = 10) =>
    createPool({ url, schema, applicationName: `cpu-${schema}`, max, logger });
  const pools = {
    catalogue: pool("catalogue"),
    /** The relay's own pool on the catalogue's schema, so its statements and backends are told apart. */
    relayPool: createPool({ url, schema: "catalogue", applicationName: "cpu-relay", logger }),
    publishing: pool("publishing"),
    others: Array.from({ length: LISTENERS }, (_, i) => pool(`other${i}`, 1)),
  };
  return {
    ...pools,
    end: async () => {
      await Promise.all(
        [pools.catalogue, pools.relayPool, pools.publishing, ...pools.others].map((p) => p.end()),
      );
    },
  };
}

async function main() {
  const telemetry =
    process.env.TELEMETRY === "0" ? undefined : startTelemetry({ serviceName: "instance-path-cpu" });
  const logger = createLogger({ service: "instance-path-cpu", level: "error" });
  const open = (url: string) => openPools(url, logger);
  await withScratchDatabase({ adminUrl: ADMIN_URL, prefix: "instpath_cpu", open }, (pools) =>
    run(pools, logger),
  );
  await telemetry?.shutdown();
}

async function run(
  { catalogue, relayPool, publishing, others }: ReturnType<typeof openPools>,
  logger: Logger,
) {
  const namespace = `cpu${randomBytes(3).toString("hex")}.`;
  const bus = await connectBus({ url: NATS_URL, name: "instance-path-cpu", namespace, logger });
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await migrate(catalogue, "catalogue", [...busMigrations(), { id: "cpu/instances", sql: INSTANCES }]);
    await migrateService(
      publishing,
      "publishing",
      new URL("../../../../services/publishing/migrations", import.meta.url),
    );
    await ensureStream(bus, { name: STREAMS.CATALOGUE.name, subjects: [...STREAMS.CATALOGUE.subjects] });
    for (const other of others) {
      const listener = listenForSchemaChannel(other, "bus_outbox.", logger, () => {});
      stops.push(() => listener.stop());
    }
    const kinds = {
      catalogue: new Map<string, number>(),
      relay: new Map<string, number>(),
      publishing: new Map<string, number>(),
    };
    countStatements(catalogue, kinds.catalogue);
    countStatements(relayPool, kinds.relay);
    countStatements(publishing, kinds.publishing);
    const relay = startOutboxRelay({
      pool: relayPool,
      bus,
      logger,
      gatherMs: Number(process.env.RELAY_GATHER_MS ?? 0),
      // The catalogue's writes wake this relay in-process, as in the service (where both use one pool).
      writerPools: [catalogue],
    });
    stops.unshift(() => relay.stop());
    const spec = knownInstancesConsumer({ durable: "publishing-instances", concurrency: 2 });
    const consumer = startConsumer({ ...spec, bus, pool: publishing, logger });
    stops.unshift(() => consumer.stop());
    const unitOfWork = makeUnitOfWork(catalogue);

    // Each creation runs in a span, as the catalogue's gRPC handler does (its trace context is stored
    // with the outbox row).
    const tracer = getTracer("instance-path-cpu");
    const create = () =>
      tracer.startActiveSpan("CreateInstance", (span) => createInSpan().finally(() => span.end()));
    const createInSpan = async () => {
      const id = uuidv7();
      const createdAt = new Date();
      await unitOfWork.commit(
        {
          text: `INSERT INTO instances (id, name, owner_organisation_id, default_currency, platform_fee_bps, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
          values: [id, `Instance ${id.slice(-6)}`, OWNER, "EUR", 1500, createdAt],
        },
        newEvent(
          instanceCreatedV1.type,
          "catalogue",
          {
            id,
            name: `Instance ${id.slice(-6)}`,
            ownerOrganisationId: OWNER,
            defaultCurrency: "EUR",
            platformFeeBps: 1500,
            createdAt: createdAt.toISOString(),
            version: 1,
          },
          createdAt,
        ),
      );
    };
    /** `n` creations at RATE per second (open loop), resolved when the consumer has handled them all. */
    const paced = async (n: number) => {
      const target = consumer.stats().handled + n;
      const t0 = performance.now();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const wait = t0 + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        writes.push(create());
      }
      await Promise.all(writes);
      while (consumer.stats().handled < target) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const backends = async () => {
      const { rows } = await catalogue.query<{ pid: number; name: string; query: string }>(
        "SELECT pid, application_name AS name, query FROM pg_stat_activity WHERE datname = current_database()",
      );
      return rows;
    };
    const roles: Record<string, string> = {
      "cpu-catalogue": "catalogue",
      "cpu-relay": "relay",
      "cpu-publishing": "publishing",
    };
    const roleOf = (name: string) => roles[name] ?? "others";

    await paced(WARMUP);
    for (const map of Object.values(kinds)) map.clear();
    const before = new Map((await backends()).map((b) => [b.pid, processCpuMs(b.pid)]));
    const cpu0 = process.cpuUsage();
    const n = RATE * SECONDS;
    await paced(n);
    const cpu = process.cpuUsage(cpu0);
    const pg: Record<string, number> = { catalogue: 0, relay: 0, publishing: 0, others: 0 };
    const per = (x: number) => (x / n).toFixed(3);
    const perBackend: string[] = [];
    for (const b of await backends()) {
      const role = roleOf(b.name);
      const used = processCpuMs(b.pid) - (before.get(b.pid) ?? 0);
      pg[role] = (pg[role] ?? 0) + used;
      if (process.env.PER_BACKEND && role !== "others")
        perBackend.push(`    ${role} ${b.pid}: ${per(used)} ms ${b.query.replace(/\s+/g, " ").slice(0, 40)}`);
    }
    console.log(`${n} creations at ${RATE}/s, ${LISTENERS} other listeners; per creation:`);
    console.log(`  node CPU (writer + relay + consumer) ${per((cpu.user + cpu.system) / 1000)} ms`);
    for (const [role, t] of Object.entries(pg))
      console.log(`  postgres backends of ${role}: ${per(t)} ms CPU`);
    for (const [role, map] of Object.entries(kinds)) {
      const total = [...map.values()].reduce((a, b) => a + b, 0);
      console.log(`  ${role} statements ${per(total)}:`);
      for (const [kind, count] of [...map.entries()].sort((a, b) => b[1] - a[1]))
        console.log(`    ${per(count)}  ${kind}`);
    }
    for (const line of perBackend) console.log(line);
    console.log(`  consumer stats ${JSON.stringify(consumer.stats())}`);
  } finally {
    for (const stop of stops) await stop().catch(() => {});
    await bus.jsm.streams.delete(bus.streamName(STREAMS.CATALOGUE.name)).catch(() => {});
    await bus.close();
  }
}

await main();
