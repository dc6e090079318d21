import type { Logger } from "@mp/logger";
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/nats-core";
import { connect } from "@nats-io/transport-node";
import { type BusEnv, type BusSettings, busSettings, defaultBusSettings } from "./config";
import { assertNamespace, namespacedStreamName, namespacedSubject } from "./namespace";
import { setMaxEventBytes } from "./outbox";
import { natsConnectOptions } from "./url-credentials";

/**
 * One NATS connection per service with its JetStream handles. Every subject and stream name goes through
 * `subject()` / `streamName()`, so a namespace (`""` in production, `freshInfra().busNamespace` in tests)
 * isolates everything a process publishes or consumes.
 */
export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  namespace: string;
  /** The connecting process (a service name): labels metrics and spans. */
  service: string;
  /** Stream, outbox, inbox and consumer settings from configuration (defaults when none was given). */
  settings: BusSettings;
  /** `namespace + type`. */
  subject(type: string): string;
  /** Namespace-derived prefix (upper-cased, dots to `_`) + `name`. */
  streamName(name: string): string;
  /** Drain and close; bounded, so shutdown finishes even while NATS is unreachable. */
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 5_000;
/** A connection name usable as one subject token of the inbox prefix. */
const INBOX_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * Connect and keep reconnecting forever (`maxReconnectAttempts: -1`, also while waiting for the first
 * connection), so a NATS outage degrades a service instead of killing it: the outbox keeps rows and
 * consumers resume. Connection state changes are logged.
 *
 * `config` is the service's parsed configuration (its `BUS_*` keys, see `busEnv`); `settings` overrides
 * single values (tests). `maxEventBytes` also becomes this process's limit for `appendToOutbox`.
 */
export async function connectBus(options: {
  url: string;
  name: string;
  namespace?: string;
  logger: Logger;
  config?: BusEnv;
  settings?: Partial<BusSettings>;
}): Promise<Bus> {
  const namespace = assertNamespace(options.namespace ?? "");
  const settings: BusSettings = {
    ...(options.config ? busSettings(options.config) : defaultBusSettings()),
    ...options.settings,
  };
  setMaxEventBytes(settings.maxEventBytes);
  const log = options.logger.child({ component: "bus" });
  const nc = await connect({
    ...natsConnectOptions(options.url),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    waitOnFirstConnect: true,
    // Otherwise every request, so every JetStream publish and pull, builds an Error up front to carry the
    // caller's stack should it fail: a stack capture per event relayed, a visible share of the relay's
    // CPU. A failed request still says what failed, only without the caller's frames.
    noAsyncTraces: true,
    // Replies (JetStream API answers, pulled messages, publish acks) come to `_INBOX.<name>.…`, so the
    // deployed NATS users can each be allowed their own inboxes only (docs/adr/0007-nats-permissions.md).
    ...(INBOX_TOKEN.test(options.name) ? { inboxPrefix: `_INBOX.${options.name}` } : {}),
  });
  const statusLogged = logStatus(nc, log);
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc);
  } catch (error) {
    await nc.close();
    await statusLogged;
    throw error;
  }
  log.info({ server: nc.getServer(), namespace }, "connected to NATS");
  return {
    nc,
    js: jetstream(nc),
    jsm,
    namespace,
    service: options.name,
    settings,
    subject: (type) => namespacedSubject(namespace, type),
    streamName: (name) => namespacedStreamName(namespace, name),
    close: async () => {
      await closeConnection(nc);
      await statusLogged;
    },
  };
}

async function logStatus(nc: NatsConnection, log: Logger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case "disconnect":
        log.warn({ server: status.server }, "disconnected from NATS; reconnecting");
        break;
      case "reconnect":
        log.info({ server: status.server }, "reconnected to NATS");
        break;
      case "error":
        log.warn({ err: status.error }, "NATS connection error");
        break;
      default:
        break;
    }
  }
}

async function closeConnection(nc: NatsConnection): Promise<void> {
  if (nc.isClosed()) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
  });
  await Promise.race([nc.drain().catch(() => {}), timedOut]);
  clearTimeout(timer);
  if (!nc.isClosed()) await nc.close();
}
