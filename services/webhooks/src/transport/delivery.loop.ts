import { randomUUID } from "node:crypto";
import { listenForSchemaChannel } from "@mp/bus";
import type { Pool, PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { makeAttemptDelivery } from "../application/attempt-delivery";
import type {
  ClaimedDelivery,
  Clock,
  DeliveryIntake,
  DeliveryRepository,
  FreshDelivery,
} from "../application/ports";
import { DELIVERY_CHANNEL_PREFIX } from "../infra/delivery.repository";

export interface DeliveryLoopOptions {
  pool: Pool;
  deliveries: DeliveryRepository;
  attempt: ReturnType<typeof makeAttemptDelivery>;
  clock: Clock;
  logger: Logger;
  /** Attempts in flight in this process at most. */
  concurrency: number;
  /** Attempts in flight per endpoint in this process at most, for an endpoint answering 2xx. */
  perEndpoint: number;
  /** The same for an endpoint whose last attempt failed. */
  perFailingEndpoint: number;
  /** An attempt's timeout; a lease is longer. */
  timeoutMs: number;
  pollMs: number;
}

export interface DeliveryLoop extends DeliveryIntake {
  /** Look for due deliveries now (after a commit that made some). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Notices on the deliveries' channel: `h:<token>` when every delivery a transaction made is leased to the
 * process that made it (nothing for the others to claim), `d:<token>` or `d:` when some are due for any
 * worker; the empty notice (replay, retries brought forward, `endpoint.disabled`) also means due ones.
 */
const HANDED = "h:";
const DUE = "d:";
/** A hand-off whose commit was not announced within this is checked in the database. */
const HANDOFF_CHECK_MS = 1_000;

interface HandOff {
  deliveries: ClaimedDelivery[];
  since: number;
}

/**
 * The delivery workers of one process, fed two ways.
 *
 * - Right after the commit: the consumer's transaction inserts the deliveries this process has room for
 *   already leased to it (`add`), and its `NOTIFY` carries a token this process's listener knows, so the
 *   attempts start as soon as the rows are durable, without a claim. A rolled-back transaction announces
 *   nothing and its rows do not exist; a lost announcement is caught by checking the rows after
 *   {@link HANDOFF_CHECK_MS}; a process that dies first leaves leases that expire, and any worker claims
 *   those rows again.
 * - The claim loop, for everything else (retries, rows made while the process was full, expired leases,
 *   replays): woken by the deliveries' `NOTIFY`, when an attempt frees room that due rows wait for, and
 *   every `pollMs`; one claim at a time, each one statement (`FOR UPDATE SKIP LOCKED`, no lock between
 *   replicas).
 *
 * Both count against the same limits: `concurrency` attempts in the process and, per endpoint,
 * `perEndpoint` (`perFailingEndpoint` while it fails), so a slow or dead endpoint holds no more than its
 * share of the workers and every other endpoint's deliveries go on. While an endpoint's due rows wait
 * for room (or the process is full), its new deliveries are not leased at insert: they queue behind the
 * older ones for the claim loop. A claim counts the room it finds when it starts; deliveries leased at
 * insert while it runs may take some, and what it claimed beyond the room runs as soon as room frees.
 */
export function startDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const { logger, deliveries } = options;
  const leaseMs = options.timeoutMs + 15_000;
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<string, number>();
  /** Whether each endpoint with attempts here was failing when its last one was taken. */
  const failing = new Map<string, boolean>();
  const handOffs = new Map<string, HandOff>();
  /** Claimed while deliveries leased at insert took the room the claim counted on: run as room frees. */
  const ready: ClaimedDelivery[] = [];
  let busy = 0;
  let stopped = false;
  let claiming = false;
  let again = false;
  /** Due rows may be waiting because this process was full (or a claim stopped at its limit). */
  let backlog = true;
  /** Endpoints whose due rows may be waiting because they were at their cap here. */
  const heldBack = new Set<string>();

  const capOf = (retrying: boolean) => (retrying ? options.perFailingEndpoint : options.perEndpoint);
  const hasRoom = (endpointId: string, retrying: boolean) =>
    busy < options.concurrency && (perEndpoint.get(endpointId) ?? 0) < capOf(retrying);
  const take = (endpointId: string, retrying: boolean) => {
    busy++;
    perEndpoint.set(endpointId, (perEndpoint.get(endpointId) ?? 0) + 1);
    failing.set(endpointId, retrying);
  };
  const give = (endpointId: string) => {
    busy--;
    const n = (perEndpoint.get(endpointId) ?? 1) - 1;
    if (n > 0) perEndpoint.set(endpointId, n);
    else {
      perEndpoint.delete(endpointId);
      failing.delete(endpointId);
    }
    const next = ready.findIndex((d) => hasRoom(d.endpointId, d.endpointRetrying));
    if (next >= 0) {
      const [delivery] = ready.splice(next, 1) as [ClaimedDelivery];
      take(delivery.endpointId, delivery.endpointRetrying);
      run(delivery);
    }
    if (backlog || heldBack.has(endpointId)) wake();
  };

  /** One attempt, its slot already taken. */
  function run(delivery: ClaimedDelivery) {
    const attempt = options
      .attempt(delivery)
      .then(() => undefined)
      .catch((error) =>
        logger.error({ err: error, deliveryId: delivery.id }, "webhook attempt failed to record"),
      )
      .finally(() => {
        inFlight.delete(attempt);
        give(delivery.endpointId);
      });
    inFlight.add(attempt);
  }

  const claimAndRun = async () => {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const free = options.concurrency - busy - ready.length;
        if (stopped || free <= 0) break;
        const busyNow = new Map(perEndpoint);
        for (const d of ready) busyNow.set(d.endpointId, (busyNow.get(d.endpointId) ?? 0) + 1);
        const { claimed, more } = await deliveries.claim(options.clock.now(), {
          limit: free,
          perEndpoint: options.perEndpoint,
          perFailingEndpoint: options.perFailingEndpoint,
          busy: busyNow,
          leaseMs,
        });
        for (const delivery of claimed) {
          // Deliveries leased at insert meanwhile may have taken the room this claim counted on.
          if (!hasRoom(delivery.endpointId, delivery.endpointRetrying)) {
            ready.push(delivery);
            continue;
          }
          take(delivery.endpointId, delivery.endpointRetrying);
          run(delivery);
        }
        // Due rows left: the process is full, or they wait for their endpoints' room here.
        heldBack.clear();
        backlog = more && claimed.length >= free;
        if (more && !backlog)
          for (const [endpointId, n] of perEndpoint)
            if (n >= capOf(failing.get(endpointId) ?? false)) heldBack.add(endpointId);
        if (more && claimed.length > 0) again = true;
      } while (again);
    } catch (error) {
      backlog = true;
      logger.warn({ err: error }, "claiming webhook deliveries failed; retrying on the next poll");
    } finally {
      claiming = false;
    }
  };
  function wake() {
    if (!stopped) void claimAndRun();
  }

  /** Start the hand-off's attempts (their rows committed, leased to this process). */
  const startHandOff = (token: string, committed?: ReadonlySet<string>) => {
    const handOff = handOffs.get(token);
    if (!handOff) return;
    handOffs.delete(token);
    for (const delivery of handOff.deliveries) {
      if (!stopped && (!committed || committed.has(delivery.id))) run(delivery);
      else give(delivery.endpointId);
    }
  };

  /**
   * Hand-offs not announced in time: their rows, if visible, committed (the announcement was lost) and are
   * attempted; invisible ones are given up after half a lease (rolled back, or committing so late that
   * the lease's expiry hands them to the claim loop).
   */
  const checkHandOffs = async (force = false) => {
    const now = Date.now();
    const late = [...handOffs].filter(([, h]) => force || now - h.since >= HANDOFF_CHECK_MS);
    if (late.length === 0) return;
    const ids = late.flatMap(([, h]) => h.deliveries.map((d) => d.id));
    let visible: Set<string>;
    try {
      visible = new Set(await deliveries.stillLeased(ids, options.clock.now()));
    } catch (error) {
      logger.warn({ err: error }, "checking webhook hand-offs failed; again on the next poll");
      return;
    }
    for (const [token, handOff] of late) {
      if (!handOffs.has(token)) continue;
      const seen = handOff.deliveries.some((d) => visible.has(d.id));
      if (seen || force || now - handOff.since >= leaseMs / 2) startHandOff(token, visible);
    }
  };

  const onNotice = (notice?: string) => {
    const payload = notice ?? "";
    if (payload.startsWith(HANDED) || payload.startsWith(DUE)) startHandOff(payload.slice(2));
    if (!payload.startsWith(HANDED)) wake();
  };

  const listener = listenForSchemaChannel(options.pool, DELIVERY_CHANNEL_PREFIX, logger, onNotice);
  const timer = setInterval(() => {
    wake();
    void checkHandOffs();
  }, options.pollMs);
  timer.unref();
  wake();

  return {
    async add(tx: PoolClient, fresh: readonly FreshDelivery[]) {
      if (fresh.length === 0) return 0;
      // Lease at insert only while nothing older of the endpoint waits for the claim loop, within the caps.
      const leased = new Set<string>();
      for (const d of fresh) {
        if (stopped || backlog || ready.length > 0 || heldBack.has(d.endpointId)) continue;
        if (!hasRoom(d.endpointId, d.endpoint.retrying)) {
          if (busy >= options.concurrency) backlog = true;
          else heldBack.add(d.endpointId);
          continue;
        }
        take(d.endpointId, d.endpoint.retrying);
        leased.add(d.id);
      }
      const token = leased.size > 0 ? randomUUID() : "";
      const at = options.clock.now();
      let made: Set<string>;
      try {
        made = new Set(
          await deliveries.enqueue(tx, fresh, {
            lease: { ids: leased, at, leaseMs },
            notice: (leased.size === fresh.length ? HANDED : DUE) + token,
          }),
        );
      } catch (error) {
        for (const d of fresh) if (leased.has(d.id)) give(d.endpointId);
        throw error;
      }
      const handed: ClaimedDelivery[] = [];
      for (const d of fresh) {
        if (!leased.has(d.id)) continue;
        // Not made (the event and endpoint already had a delivery): not this process's to attempt.
        if (!made.has(d.id)) {
          give(d.endpointId);
          continue;
        }
        handed.push({
          id: d.id,
          endpointId: d.endpointId,
          organisationId: d.organisationId,
          url: d.endpoint.url,
          body: d.body,
          attempt: 1,
          firstAttemptAt: at,
          secrets: d.endpoint.secrets,
          endpointRetrying: d.endpoint.retrying,
        });
      }
      if (handed.length > 0) handOffs.set(token, { deliveries: handed, since: Date.now() });
      return made.size;
    },
    wake,
    async stop() {
      clearInterval(timer);
      // Hand-offs already committed are attempted before the workers stop; the others' leases expire.
      await checkHandOffs(true);
      stopped = true;
      await listener.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
