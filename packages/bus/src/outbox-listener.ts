import type { Pool, PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { OUTBOX_CHANNEL_PREFIX } from "./outbox";

/** Pause before re-listening after the LISTEN connection broke; polling covers the gap. */
const RELISTEN_DELAY_MS = 1_000;

export interface OutboxListener {
  stop(): Promise<void>;
}

/**
 * Hold one pool connection LISTENing on this schema's outbox channel and call `onNotify` for every
 * notification, so the relay publishes right after a commit. When the connection breaks it is re-opened;
 * `onNotify` also fires after each (re)subscription, because commits may have been missed meanwhile.
 */
export function listenForOutbox(
  pool: Pool,
  log: Logger,
  onNotify: (payload?: string) => void,
): OutboxListener {
  return listenForSchemaChannel(pool, OUTBOX_CHANNEL_PREFIX, log, onNotify);
}

/**
 * The same for any channel named `<prefix><schema>` (the pool's schema), so another background loop of a
 * service (settlements' payment-event processor) wakes on its own commits the way the relay does.
 * `onNotify` gets the notification's payload (none after a (re)subscription).
 */
export function listenForSchemaChannel(
  pool: Pool,
  prefix: string,
  log: Logger,
  onNotify: (payload?: string) => void,
): OutboxListener {
  let stopped = false;
  let client: PoolClient | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const onNotification = (msg: { payload?: string | undefined }) => onNotify(msg.payload ?? "");
  const onError = (error: Error) => {
    log.warn({ err: error, channel: prefix }, "LISTEN connection lost; polling until it is back");
    const broken = client;
    client = undefined;
    if (broken) detach(broken, error);
    scheduleRetry();
  };
  const detach = (c: PoolClient, error?: Error) => {
    c.off("notification", onNotification);
    c.off("error", onError);
    c.release(error ?? true);
  };
  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = subscribe();
    }, RELISTEN_DELAY_MS);
  };
  const subscribe = async () => {
    if (stopped) return;
    let c: PoolClient | undefined;
    try {
      c = await pool.connect();
      c.on("error", onError);
      c.on("notification", onNotification);
      const { rows } = await c.query<{ schema: string }>("SELECT coalesce(current_schema(), '') AS schema");
      await c.query(`LISTEN ${quoteIdentifier(prefix + (rows[0]?.schema ?? ""))}`);
      if (stopped) {
        detach(c);
        return;
      }
      client = c;
      onNotify();
    } catch (error) {
      if (c && client !== c) detach(c, error as Error);
      if (!stopped) {
        log.warn({ err: error, channel: prefix }, "could not LISTEN for notifications; polling meanwhile");
        scheduleRetry();
      }
    }
  };
  connecting = subscribe();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting;
      const c = client;
      client = undefined;
      if (c) detach(c);
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
