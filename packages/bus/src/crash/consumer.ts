/**
 * Crash-test consumer: applies every order event through the real inbox, recording the effect with a
 * counter of applications. Killed with SIGKILL at any moment and started again.
 */
import { createPool } from "@mp/db";
import { createLogger } from "@mp/logger";
import { z } from "zod";
import { connectBus } from "../connection";
import { startConsumer } from "../consumer";
import { CONSUMER_SCHEMA, childEnv, EVENT_TYPE, STREAM } from "./schema";

const env = childEnv();
const logger = createLogger({ service: "crash-consumer", level: "warn", destination: process.stderr });
const pool = createPool({ url: env.databaseUrl, schema: CONSUMER_SCHEMA, applicationName: "crash-consumer" });
const bus = await connectBus({ url: env.natsUrl, name: "crash-consumer", namespace: env.namespace, logger });
startConsumer({
  bus,
  pool,
  logger,
  stream: STREAM,
  durable: "crash-effects",
  eventTypes: [EVENT_TYPE],
  schema: z.object({ n: z.number().int().positive() }),
  // Short, so the few messages a killed process held come back quickly.
  ackWaitMs: 2_000,
  concurrency: 4,
  // Up to 4 queued events per transaction: a kill mid-batch must lose or repeat no effect either.
  batchSize: 4,
  handle: async (event, client) => {
    await client.query(
      `INSERT INTO effects (n, event_id, applied) VALUES ($1, $2, 1)
       ON CONFLICT (n) DO UPDATE SET applied = effects.applied + 1`,
      [event.data.n, event.id],
    );
  },
});
