import {
  type MeshEnv,
  type MeshIdentity,
  meshEnv,
  meshIdentityFrom,
  refineMeshKeys,
  serviceSigner,
} from "@mp/auth";
import {
  type Bus,
  busEnv,
  type Consumer,
  type EventEnvelope,
  type HandlerTransaction,
  type OutboxRelay,
  type Projection,
  startConsumer,
  startOutboxRelay,
} from "@mp/bus";
import {
  ConfigError,
  DEFAULT_GRPC_PORTS,
  envBoolean,
  grpcPortKey,
  loadConfig,
  port,
  type ServiceName,
  serviceConfigSchema,
  z,
} from "@mp/config";
import { ownerOfSubject, STREAMS, type StreamName } from "@mp/contracts";
import { createPool, type DbEnv, dbEnv, type Pool, type PoolClient, poolSettings } from "@mp/db";
import {
  type GrpcServer,
  type GrpcTlsEnv,
  grpcServerEnv,
  grpcTlsEnv,
  grpcTlsFrom,
  refineGrpcTls,
  type ServiceRegistration,
  startGrpcServer,
  useGrpcTls,
} from "@mp/grpc";
import { createLogger, type Logger } from "@mp/logger";
import type { ZodType } from "zod";
import { connectBusPatiently, ensureStreamsInBackground } from "./boot/bus";
import { warmDatabase } from "./boot/pool";
import { prepareSchema } from "./boot/schema";
import { assertListedConsumers } from "./boot/subscriptions";
import { databaseCheck, flagCheck, natsCheck } from "./ops/checks";
import { opsEnv, opsPortOf } from "./ops/ops-config";
import { startOpsServer } from "./ops/ops-server";
import { Readiness } from "./ops/readiness";
import { serviceMigrations } from "./service-migrations";

/** An event handler a service module declares; the runtime runs it through the bus inbox. */
export interface ConsumerSpec<T = unknown> {
  /** Durable consumer name, unique per service and purpose (e.g. `publishing-instances`). */
  durable: string;
  stream: string;
  eventTypes: string[];
  schema?: ZodType<T>;
  maxDeliver?: number;
  /** Delays between deliveries of a failing event (bus default 1 s, 5 s, 15 s, 60 s; the last repeats). */
  backoffMs?: number[];
  /** Messages handled at once, each in its own transaction (default 1; see @mp/bus `startConsumer`). */
  concurrency?: number;
  /** Messages applied together in one transaction when they queue up (default 1; see @mp/bus `startConsumer`). */
  batchSize?: number;
  /** Runs in the inbox transaction (see @mp/bus `ConsumerOptions.handle`); give it or `project`. */
  handle?: (event: EventEnvelope<T>, client: PoolClient, transaction: HandlerTransaction) => Promise<void>;
  /** One row per event, written by the bus with the inbox rows in one statement (see @mp/bus `Projection`). */
  project?: Projection<T>;
  /** Told of each failed delivery after its rollback, once (see @mp/bus `ConsumerOptions.onFailure`). */
  onFailure?: (event: EventEnvelope<T>, error: unknown) => Promise<void>;
}

/** What a service module is built from: the same in main.ts, the launcher and tests. */
export interface ModuleDeps<C> {
  config: C;
  logger: Logger;
  pool: Pool;
  bus: Bus;
  /** This service's mesh identity: its gRPC clients sign with `mesh.signer`. */
  mesh: MeshIdentity;
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
  /**
   * Rules between this service's keys and the common ones (`NODE_ENV`...): each problem names its key and
   * is reported at boot with every other bad key.
   */
  configIssues?: (env: Record<string, unknown>) => { key: string; message: string }[];
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

export type CommonConfig = z.output<typeof serviceConfigSchema> &
  z.output<z.ZodObject<typeof busEnv>> &
  DbEnv & {
    GRPC_PORT: number;
    BUS_NAMESPACE: string;
    OPS_HOST: string;
    OPS_PORT: number | undefined;
    MIGRATE_ON_BOOT: boolean;
    GRPC_DRAIN_MS: number;
    GRPC_SHUTDOWN_GRACE_MS: number;
    GRPC_MAX_CONNECTION_AGE_MS: number;
  } & GrpcTlsEnv &
  MeshEnv;

/** `false` leaves migrating to the separate step (`main.ts migrate`, a Kubernetes Job); see `prepareSchema`. */
const MIGRATE_ON_BOOT = envBoolean.default(true);

export interface RunningService {
  name: ServiceName;
  grpcPort: number;
  /** Where `/healthz`, `/readyz` and `/metrics` are served. */
  opsPort: number;
  pool: Pool;
  bus: Bus;
  logger: Logger;
  /** Drain and release everything, in reverse order of start. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * A service's whole configuration, parsed as at boot: the common keys, its own (`spec.config`), the ops,
 * pool, gRPC server and mesh keys. The port is read from `<NAME>_GRPC_PORT`, and a bad value is reported
 * under that name. Exported so deploy checks can run it over a rendered manifest's environment.
 */
export function loadServiceConfig<S extends z.ZodObject>(
  spec: Pick<ServiceSpec<S>, "name" | "config" | "configIssues">,
  env: Record<string, string | undefined>,
): z.output<S> & CommonConfig {
  const schema = serviceConfigSchema
    .extend({
      GRPC_PORT: port.default(DEFAULT_GRPC_PORTS[spec.name]),
      BUS_NAMESPACE: z
        .string()
        .regex(/^([a-z0-9]+\.)?$/)
        .default(""),
      ...busEnv,
    })
    .extend(spec.config?.shape ?? {})
    .extend({ ...opsEnv, ...dbEnv, MIGRATE_ON_BOOT })
    .extend({ ...grpcServerEnv, ...grpcTlsEnv, ...meshEnv })
    .superRefine(refineMeshKeys(serviceSigner(spec.name), { jwks: true }), { when: () => true })
    .superRefine(refineGrpcTls, { when: () => true })
    .superRefine(
      (env, ctx) => {
        for (const { key, message } of spec.configIssues?.(env) ?? [])
          ctx.addIssue({ code: "custom", path: [key], message });
      },
      { when: () => true },
    );
  const portKey = grpcPortKey(spec.name);
  try {
    return loadConfig(schema, { ...env, GRPC_PORT: env[portKey] }) as z.output<S> & CommonConfig;
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
 * Boot a service, serving liveness from the first moment and readiness once it can serve:
 *
 * 1. configuration (validated, naming every bad key), the pool, and the ops port (`/healthz` 200 from now);
 * 2. its schema: migrated here, or (MIGRATE_ON_BOOT=false) awaited from a separate migrate step;
 * 3. NATS, waited for as long as it takes (logged), then the module, the outbox relay and its consumers;
 *    streams are ensured in the background, retried until they exist;
 * 4. the pool's minimum of connections opened (`DB_POOL_MIN`), then the gRPC server with health.
 *
 * `/readyz` is 200 only while PostgreSQL answers a query, NATS is connected and gRPC serves, and 503 from
 * the moment `stop()` begins; from then on gRPC calls are refused (UNAVAILABLE, not executed), so callers
 * repeat them on another replica. Aborting `signal` during start-up stops what has started and rejects.
 */
export async function startService<S extends z.ZodObject>(
  spec: ServiceSpec<S>,
  env: Record<string, string | undefined> = process.env,
  overrides: { logger?: Logger; signal?: AbortSignal } = {},
): Promise<RunningService> {
  const config = loadServiceConfig(spec, env);
  const logger = overrides.logger ?? createLogger({ service: spec.name, level: config.LOG_LEVEL });
  const { signal } = overrides;
  const mesh = meshIdentityFrom(config, serviceSigner(spec.name));
  // With GRPC_TLS_*: the server below and every client the module makes speak mutual TLS.
  const tls = grpcTlsFrom(config);
  if (tls) useGrpcTls(tls);

  const pool = createPool({
    url: config.DATABASE_URL,
    schema: schemaOf(spec.name),
    applicationName: spec.name,
    logger,
    ...poolSettings(config),
  });
  const readiness = new Readiness();
  readiness.set("database", databaseCheck(pool));
  readiness.pending("nats", "waiting for NATS");
  const grpcServing = flagCheck("gRPC not serving yet");
  readiness.set("grpc", grpcServing.check);

  // Each step of a stop, named: the last line a stopping replica logs says how long each one took.
  const stops: [string, () => Promise<unknown>][] = [["database", () => pool.end()]];
  const stopAll = async () => {
    readiness.stopping();
    const started = performance.now();
    const steps: Record<string, number> = {};
    for (const [step, stop] of stops.reverse()) {
      const stepStarted = performance.now();
      await stop().catch((error) => logger.warn({ err: error, step }, "stop step failed"));
      steps[step] = Math.round(performance.now() - stepStarted);
    }
    logger.info({ ms: Math.round(performance.now() - started), steps }, "stopped");
  };
  try {
    const ops = await startOpsServer({
      host: config.OPS_HOST,
      port: opsPortOf(spec.name, config.OPS_PORT, config.GRPC_PORT),
      readiness,
      logger,
    });
    stops.push(["ops", () => ops.close()]);

    await prepareSchema({
      pool,
      schema: schemaOf(spec.name),
      migrations: await serviceMigrations(spec),
      migrateOnBoot: config.MIGRATE_ON_BOOT,
      readiness,
      logger,
      signal,
    });

    const bus = await connectBusPatiently({
      connect: { url: config.NATS_URL, name: spec.name, namespace: config.BUS_NAMESPACE, logger, config },
      logger,
      signal,
    });
    stops.push(["nats", () => bus.close()]);
    readiness.set("nats", natsCheck(bus));

    const module = await spec.build({ config, logger, pool, bus, mesh });
    if (module.stop) stops.push(["module", module.stop]);

    // Streams are declared once, in contracts; a consumer that boots before the stream's owner creates the
    // same definition instead of waiting for it (ensureStream is idempotent).
    const owned = new Set(spec.streams.map((stream) => stream.name));
    const consumed = [...new Set((module.consumers ?? []).map((c) => c.stream))]
      .filter((name) => !owned.has(name))
      .map((name) => STREAMS[name as StreamName])
      .filter((declared) => declared !== undefined);
    const streams = ensureStreamsInBackground({ bus, streams: spec.streams, borrowed: consumed, logger });
    stops.push(["streams", () => streams.stop()]);

    const relay: OutboxRelay = startOutboxRelay({ pool, bus, logger });
    stops.push(["outbox relay", () => relay.stop()]);
    assertListedConsumers(spec.name, module.consumers ?? []);
    const consumers: Consumer[] = (module.consumers ?? []).map((c) =>
      startConsumer({ ...c, bus, pool, logger, ownerOf: ownerOfSubject }),
    );
    stops.push(["consumers", () => Promise.all(consumers.map((c) => c.stop()))]);

    // Connections first, then the port: the first call finds a connection waiting.
    await warmDatabase({ pool, readiness, logger, signal });
    const server: GrpcServer = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      services: module.grpc,
      logger,
      verifier: mesh.verifier,
      tls,
      drainMs: config.GRPC_DRAIN_MS,
      graceMs: config.GRPC_SHUTDOWN_GRACE_MS,
      maxConnectionAgeMs: config.GRPC_MAX_CONNECTION_AGE_MS,
      // Stopping: NOT_SERVING at once, calls served through the drain (GRPC_DRAIN_MS), then refused as
      // not executed while the server closes, so callers repeat them on another replica.
    });
    stops.push([
      "gRPC",
      async () => {
        grpcServing.set(false);
        await server.shutdown();
      },
    ]);
    grpcServing.set(true);

    let stopping: Promise<void> | undefined;
    return {
      name: spec.name,
      grpcPort: server.port,
      opsPort: ops.port,
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
