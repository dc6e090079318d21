/**
 * `pnpm bus <command>`: the operator's tool for the bus tables and durables of one service. It reads
 * DATABASE_URL, NATS_URL and BUS_NAMESPACE like the services do, and works on the service's schema.
 * See docs/events.md, "Operating the bus".
 */
import { readdir } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createPool, type Pool } from "@mp/db";
import { createLogger } from "@mp/logger";
import { z } from "zod";
import { type Bus, connectBus } from "../connection";
import { listDeadLetters, replayDeadLetter } from "../dead-letters";
import { listParked, unpark } from "../outbox-admin";
import { resetConsumer } from "../replay";

const USAGE = `Usage: pnpm bus <command> <service> [arguments]

  outbox parked <service> [--limit n]            list parked outbox rows, oldest first
  outbox unpark <service> (<seq>... | --all)     give parked rows fresh attempts; the relay publishes them
  dead-letters list <service> [--consumer name] [--replayed] [--limit n]
                                                 list dead letters, newest first
  dead-letters replay <service> <id>...          publish dead letters' events again (fix the cause first)
  consumer reset <service> <consumer> [--forget-inbox]
                                                 delete the consumer's durables: it re-reads its stream
  snapshot <service>                             re-emit the current state of the service's aggregates

Environment: DATABASE_URL, NATS_URL, BUS_NAMESPACE (as for the services).`;

const env = z
  .object({
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/ })
      .default("postgres://postgres@127.0.0.1:5432/postgres"),
    NATS_URL: z.string().min(1).default("nats://127.0.0.1:4222"),
    BUS_NAMESPACE: z
      .string()
      .regex(/^([a-z0-9]+\.)?$/)
      .default(""),
  })
  .parse(process.env);

const SERVICES_DIR = fileURLToPath(new URL("../../../../services/", import.meta.url));
const logger = createLogger({ service: "bus-cli", level: process.env.LOG_LEVEL ?? "warn" });

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      limit: { type: "string" },
      all: { type: "boolean" },
      consumer: { type: "string" },
      replayed: { type: "boolean" },
      "forget-inbox": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  const [group, ...rest] = positionals;
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive integer");

  if (group === "snapshot") {
    const [service] = rest;
    await withPool(serviceName(service), async (pool) => {
      const spec = await serviceSpec(serviceName(service));
      if (!spec.snapshot) throw new UsageError(`${service} owns no aggregates to snapshot`);
      const appended = await spec.snapshot({ pool, logger });
      console.log(`${appended} snapshot events appended to ${service}'s outbox; its relay publishes them.`);
    });
    return;
  }

  const [command, service, ...args] = rest;
  const key = `${group} ${command}`;
  switch (key) {
    case "outbox parked":
      await withPool(serviceName(service), async (pool) => {
        const rows = await listParked(pool, limit);
        if (rows.length === 0) console.log("No parked rows.");
        for (const r of rows)
          console.log(
            `${r.seq}\t${r.eventType}\t${r.eventId}\tattempts ${r.attempts}\tparked ${r.parkedAt.toISOString()}\n\t${r.lastError ?? ""}`,
          );
      });
      return;
    case "outbox unpark": {
      if (!values.all && args.length === 0) throw new UsageError("name the rows to unpark (seq...) or --all");
      if (args.some((a) => !/^\d+$/.test(a))) throw new UsageError("seq numbers are integers");
      await withPool(serviceName(service), async (pool) => {
        const n = await unpark(pool, values.all ? "all" : args);
        console.log(`${n} row(s) unparked.`);
      });
      return;
    }
    case "dead-letters list":
      await withPool(serviceName(service), async (pool) => {
        const rows = await listDeadLetters(pool, {
          ...(values.consumer ? { consumer: values.consumer } : {}),
          includeReplayed: values.replayed ?? false,
          limit,
        });
        if (rows.length === 0) console.log("No dead letters.");
        for (const r of rows)
          console.log(
            `${r.id}\t${r.consumer}\t${r.subject}\t${r.eventId ?? "(unparsable)"}\tattempts ${r.attempts}\t` +
              `${r.createdAt.toISOString()}${r.replayedAt ? `\treplayed ${r.replayedAt.toISOString()}` : ""}\n\t` +
              (r.error.split("\n")[0] ?? ""),
          );
      });
      return;
    case "dead-letters replay": {
      if (args.length === 0 || args.some((a) => !/^\d+$/.test(a)))
        throw new UsageError("name dead letter ids");
      await withPool(serviceName(service), (pool) =>
        withBus(async (bus) => {
          for (const id of args) {
            const { eventId, subject } = await replayDeadLetter(pool, bus.js, id);
            console.log(`Dead letter ${id}: event ${eventId} published again on ${subject}.`);
          }
        }),
      );
      return;
    }
    case "consumer reset": {
      const [consumer] = args;
      if (!consumer) throw new UsageError("name the consumer (its logical name, e.g. publishing-instances)");
      await withPool(serviceName(service), (pool) =>
        withBus(async (bus) => {
          const deleted = await resetConsumer(bus, consumer, {
            db: pool,
            forgetInbox: values["forget-inbox"] ?? false,
          });
          console.log(
            deleted.length === 0
              ? `No durable of ${consumer} found; it starts from the beginning of its stream when it next runs.`
              : `Deleted ${deleted.join(", ")}; the running consumer re-reads its stream.`,
          );
        }),
      );
      return;
    }
    default:
      throw new UsageError(`Unknown command "${positionals.join(" ")}"`);
  }
}

function serviceName(service: string | undefined): string {
  if (!service || !/^[a-z][a-z-]*$/.test(service)) throw new UsageError("name the service (e.g. publishing)");
  return service;
}

async function withPool<T>(service: string, work: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = createPool({
    url: env.DATABASE_URL,
    schema: service.replaceAll("-", "_"),
    applicationName: "bus-cli",
  });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

async function withBus<T>(work: (bus: Bus) => Promise<T>): Promise<T> {
  const bus = await connectBus({ url: env.NATS_URL, name: "bus-cli", namespace: env.BUS_NAMESPACE, logger });
  try {
    return await work(bus);
  } finally {
    await bus.close();
  }
}

interface SnapshotSpec {
  name: string;
  snapshot?: (deps: { pool: Pool; logger: typeof logger }) => Promise<number>;
}

/** The service's spec, from its `src/module.ts` (the export whose `name` is the service). */
async function serviceSpec(service: string): Promise<SnapshotSpec> {
  const known = await readdir(SERVICES_DIR);
  if (!known.includes(service)) throw new UsageError(`No service "${service}" (known: ${known.join(", ")})`);
  const module: Record<string, unknown> = await import(
    pathToFileURL(`${SERVICES_DIR}${service}/src/module.ts`).href
  );
  const spec = Object.values(module).find(
    (value): value is SnapshotSpec =>
      typeof value === "object" && value !== null && (value as { name?: unknown }).name === service,
  );
  if (!spec) throw new UsageError(`services/${service}/src/module.ts exports no service spec`);
  return spec;
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
