import {
  type Bus,
  busEnv,
  busMigrations,
  type Consumer,
  connectBus,
  type EventEnvelope,
  ensureStream,
  type OutboxRelay,
  startConsumer,
  startOutboxRelay,
} from "@mp/bus";
import {
  ConfigError,
  DEFAULT_GRPC_PORTS,
  grpcPortKey,
  loadConfig,
  port,
  type ServiceName,
  serviceConfigSchema,
  z,
} from "@mp/config";
import { STREAMS, type StreamName } from "@mp/contracts";
import { createPool, migrate, migrationsFromDir, type Pool, type PoolClient } from "@mp/db";
import { type GrpcServer, type ServiceRegistration, startGrpcServer } from "@mp/grpc";
import { createLogger, type Logger } from "@mp/logger";
import type { ZodType } from "zod";

/** An event handler a service module declares; the runtime runs it through the bus inbox. */
export interface ConsumerSpec<T = unknown> {
  /** Durable consumer name, unique per service and purpose (e.g. `publishing-instances`). */
  durable: string;
  stream: string;
  eventTypes: string[];
  schema?: ZodType<T>;
  maxDeliver?: number;
  handle: (event: EventEnvelope<T>, client: PoolClient) => Promise<void>;
}

/** What a service module is built from: the same in main.ts, the launcher and tests. */
export interface ModuleDeps<C> {
  config: C;
  logger: Logger;
  pool: Pool;
  bus: Bus;
}

/** A consumer whose payload type has been checked where it was defined (see `defineConsumer`). */
export type RegisteredConsumer = ConsumerSpec<unknown>;

/** Type-check a consumer against its schema, then register it alongside consumers of other payloads. */
export function defineConsumer<T>(spec: ConsumerSpec<T>): RegisteredConsumer {
  return spec as unknown as RegisteredConsumer;
}

export interface ServiceModule {
  /** gRPC services keyed by full service name (`marketplace.catalogue.v1.CatalogueService`). */
  grpc: Record<string, ServiceRegistration>;
  consumers?: RegisteredConsumer[];
  stop?: () => Promise<void>;
}

export interface ServiceSpec<S extends z.ZodObject = z.ZodObject> {
  name: ServiceName;
  /** Extra configuration keys of this service, merged with the common ones. */
  config?: S;
  /** Absolute path of the service's `migrations/` folder. */
  migrationsDir: string;
  /** Streams this service publishes to (created or updated at boot). */
  streams: { name: string; subjects: readonly string[] }[];
  build: (deps: ModuleDeps<z.output<S> & CommonConfig>) => ServiceModule | Promise<ServiceModule>;
  /**
   * Re-emit the current state of every aggregate this service owns as snapshot events carrying their
   * current versions (appended to the outbox; the running service's relay publishes them), so a consumer
   * can rebuild its read model once the stream's history has expired. Run by `pnpm bus snapshot`.
   * Resolves to the number of events appended.
   */
  snapshot?: (deps: { pool: Pool; logger: Logger }) => Promise<number>;
}

type CommonConfig = z.output<typeof serviceConfigSchema> &
  z.output<z.ZodObject<typeof busEnv>> & { GRPC_PORT: number; BUS_NAMESPACE: string };

export interface RunningService {
  name: ServiceName;
  grpcPort: number;
  pool: Pool;
  bus: Bus;
  logger: Logger;
  /** Drain and release everything, in reverse order of start. Safe to call twice. */
  stop(): Promise<void>;
}

/** The port is read from `<NAME>_GRPC_PORT`, and a bad value is reported under that name. */
function loadServiceConfig(name: ServiceName, schema: z.ZodObject, env: Record<string, string | undefined>) {
  const portKey = grpcPortKey(name);
  try {
    return loadConfig(schema, { ...env, GRPC_PORT: env[portKey] });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError(error.issues.map((i) => (i.key === "GRPC_PORT" ? { ...i, key: portKey } : i)));
  }
}

/** Schema name of a service: `iot-adapter` -> `iot_adapter`. */
export function schemaOf(name: ServiceName): string {
  return name.replace(/-/g, "_");
}

/**
 * Boot a service: configuration (validated, naming every bad key), its schema and migrations (bus tables
 * included), the bus and its streams, the outbox relay, the module's consumers, and its gRPC server with
 * health. Nothing is served until everything beneath it is ready.
 */
export async function startService<S extends z.ZodObject>(
  spec: ServiceSpec<S>,
  env: Record<string, string | undefined> = process.env,
  overrides: { logger?: Logger } = {},
): Promise<RunningService> {
  const schema = serviceConfigSchema
    .extend({
      GRPC_PORT: port.default(DEFAULT_GRPC_PORTS[spec.name]),
      BUS_NAMESPACE: z
        .string()
        .regex(/^([a-z0-9]+\.)?$/)
        .default(""),
      ...busEnv,
    })
    .extend(spec.config?.shape ?? {});
  const config = loadServiceConfig(spec.name, schema, env) as z.output<S> & CommonConfig;
  const logger = overrides.logger ?? createLogger({ service: spec.name, level: config.LOG_LEVEL });

  const pool = createPool({
    url: config.DATABASE_URL,
    schema: schemaOf(spec.name),
    applicationName: spec.name,
  });
  const stops: (() => Promise<unknown>)[] = [() => pool.end()];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error) => logger.warn({ err: error }, "stop step failed"));
  };
  try {
    const applied = await migrate(pool, schemaOf(spec.name), [
      ...busMigrations(),
      ...(await migrationsFromDir(spec.migrationsDir)),
    ]);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");

    const bus = await connectBus({
      url: config.NATS_URL,
      name: spec.name,
      namespace: config.BUS_NAMESPACE,
      logger,
      config,
    });
    stops.push(() => bus.close());
    for (const stream of spec.streams)
      await ensureStream(bus, { name: stream.name, subjects: [...stream.subjects] });

    const module = await spec.build({ config, logger, pool, bus });
    if (module.stop) stops.push(module.stop);
    // Streams are declared once, in contracts; a consumer that boots before the stream's owner creates the
    // same definition instead of waiting for it (ensureStream is idempotent).
    for (const name of new Set((module.consumers ?? []).map((c) => c.stream))) {
      const declared = STREAMS[name as StreamName];
      if (declared) await ensureStream(bus, { name: declared.name, subjects: [...declared.subjects] });
    }

    const relay: OutboxRelay = startOutboxRelay({ pool, bus, logger });
    stops.push(() => relay.stop());
    const consumers: Consumer[] = (module.consumers ?? []).map((c) =>
      startConsumer({ ...c, bus, pool, logger }),
    );
    stops.push(() => Promise.all(consumers.map((c) => c.stop())));

    const server: GrpcServer = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      services: module.grpc,
      logger,
    });
    stops.push(() => server.shutdown());

    let stopping: Promise<void> | undefined;
    return {
      name: spec.name,
      grpcPort: server.port,
      pool,
      bus,
      logger,
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
