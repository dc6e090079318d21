import type { Migration } from "@mp/db";
import { busMigrations } from "../migrations";

/** The crash test's producing service: a business row per order, and its event, in one transaction. */
export const PRODUCER_SCHEMA = "crash_producer";
/** The consuming service: one effect row per order; `applied` would show a second application. */
export const CONSUMER_SCHEMA = "crash_consumer";
export const STREAM = "CRASH";
export const EVENT_TYPE = "crash.order.placed.v1";

export const producerMigrations = (): Migration[] => [
  ...busMigrations(),
  {
    id: "crash/0001_orders",
    sql: "CREATE TABLE orders (n integer PRIMARY KEY, event_id uuid NOT NULL UNIQUE)",
  },
];

export const consumerMigrations = (): Migration[] => [
  ...busMigrations(),
  {
    id: "crash/0001_effects",
    sql: "CREATE TABLE effects (n integer PRIMARY KEY, event_id uuid NOT NULL UNIQUE, applied integer NOT NULL)",
  },
];

/** What both children read from their environment. */
export function childEnv(): { databaseUrl: string; natsUrl: string; namespace: string; total: number } {
  const { DATABASE_URL, NATS_URL, BUS_NAMESPACE, CRASH_TOTAL } = process.env;
  if (!DATABASE_URL || !NATS_URL || BUS_NAMESPACE === undefined || !CRASH_TOTAL)
    throw new Error("DATABASE_URL, NATS_URL, BUS_NAMESPACE and CRASH_TOTAL are required");
  return {
    databaseUrl: DATABASE_URL,
    natsUrl: NATS_URL,
    namespace: BUS_NAMESPACE,
    total: Number(CRASH_TOTAL),
  };
}
