import { Writable } from "node:stream";
import { createPool, migrate, type Pool, type Queryable } from "@mp/db";
import { createLogger, type Logger } from "@mp/logger";
import { freshInfra, type TestInfra } from "@mp/testing";
import { headers } from "@nats-io/nats-core";
import type { BusSettings } from "./config";
import { type Bus, connectBus } from "./connection";
import type { EventEnvelope } from "./envelope";
import { busMigrations } from "./migrations";
import { streamPrefix } from "./namespace";

/** Schema of the pretend service the integration tests run as. */
export const SCHEMA = "svc";

/** A handler effect to count: applying an event twice would show `n = 2`. */
const EFFECTS = `CREATE TABLE effects (event_id uuid PRIMARY KEY, n integer NOT NULL);`;

export interface BusFixture {
  infra: TestInfra;
  pool: Pool;
  logger: Logger;
  /** Log lines at warn and above, parsed, to wait on what a background loop reported. */
  logs: Array<{ level: string; msg: string }>;
  connect(url?: string, settings?: Partial<BusSettings>): Promise<Bus>;
  cleanup(): Promise<void>;
}

/**
 * A fresh database with the bus tables in `svc`, and buses connected in this file's namespace. Cleanup
 * closes them and deletes the namespace's streams, so the shared NATS server keeps nothing.
 */
export async function busFixture(label: string): Promise<BusFixture> {
  const infra = await freshInfra(label);
  const pool = createPool({ url: infra.databaseUrl, schema: SCHEMA });
  await migrate(pool, SCHEMA, [...busMigrations(), { id: "test/0001_effects", sql: EFFECTS }]);
  const logs: BusFixture["logs"] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as { level: string; msg: string });
      done();
    },
  });
  const logger = createLogger({ service: label, level: process.env.LOG_LEVEL ?? "warn", destination });
  const buses: Array<{ bus: Bus; shared: boolean }> = [];
  return {
    infra,
    pool,
    logger,
    logs,
    async connect(url = infra.natsUrl, settings = {}) {
      const bus = await connectBus({ url, name: label, namespace: infra.busNamespace, logger, settings });
      buses.push({ bus, shared: url === infra.natsUrl });
      return bus;
    },
    async cleanup() {
      const shared = buses.find((b) => b.shared && !b.bus.nc.isClosed());
      if (shared) await deleteNamespaceStreams(shared.bus);
      await Promise.all(buses.map((b) => b.bus.close()));
      await pool.end();
      await infra.cleanup();
    },
  };
}

async function deleteNamespaceStreams(bus: Bus): Promise<void> {
  const prefix = streamPrefix(bus.namespace);
  for await (const name of bus.jsm.streams.names()) {
    if (prefix !== "" && name.startsWith(prefix)) await bus.jsm.streams.delete(name);
  }
}

/** Publish an envelope straight to JetStream, as a relay would, with an explicit `Nats-Msg-Id`. */
export async function publishRaw(bus: Bus, type: string, body: string, msgID: string): Promise<void> {
  await bus.js.publish(bus.subject(type), body, { msgID, headers: headers() });
}

export interface StreamEntry {
  seq: number;
  subject: string;
  msgId: string;
  event: EventEnvelope;
  traceparent: string;
}

/** Every message of a stream, in stream order. */
export async function readStream(bus: Bus, stream: string): Promise<StreamEntry[]> {
  const name = bus.streamName(stream);
  const info = await bus.jsm.streams.info(name);
  const entries: StreamEntry[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const stored = await bus.jsm.streams.getMessage(name, { seq });
    if (!stored) continue;
    entries.push({
      seq,
      subject: stored.subject,
      msgId: stored.header.get("Nats-Msg-Id"),
      event: stored.json<EventEnvelope>(),
      traceparent: stored.header.get("traceparent"),
    });
  }
  return entries;
}

export async function effectCount(db: Queryable, eventId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT n FROM effects WHERE event_id = $1", [eventId]);
  return rows[0]?.n ?? 0;
}

/** The handler effect the consumer tests count, written in the inbox transaction. */
export async function applyEffect(db: Queryable, eventId: string): Promise<void> {
  await db.query(
    "INSERT INTO effects (event_id, n) VALUES ($1, 1) ON CONFLICT (event_id) DO UPDATE SET n = effects.n + 1",
    [eventId],
  );
}
