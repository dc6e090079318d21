import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { TokenBucket } from "./platform-throttle";

/** The span no more than `rps` requests may share. */
const WINDOW_MS = 1_000;

/**
 * The shared request budget as a sliding window kept in PostgreSQL (table `platform_request_slots`,
 * migration 0005): `rps` slots, each holding the time it last granted a request. A grant takes the slot
 * whose last grant is oldest, if that is at least a second ago, and stamps it, in one statement (`FOR UPDATE
 * SKIP LOCKED`, so replicas asking at once take different slots). A slot is therefore granted at most once
 * a second, and any one-second span holds at most `rps` grants, whichever replicas asked: the guarantee
 * INFUSE_MAX_RPS means. Times are PostgreSQL's `clock_timestamp()`, one clock for every replica.
 *
 * Why not rate-limiter-flexible (used before): its PostgreSQL store counts points in fixed one-second
 * windows, so `rps` at the end of one window and `rps` at the start of the next put 2 x `rps` in one
 * second; its token-bucket-like options have the same edge. A continuously refilled token bucket of
 * capacity c lets c + rps through in a second, so it only meets the bound with c near 1, which spaces
 * requests evenly and loses every slot a late waiter misses. The sliding window allows a full second's
 * budget at once when idle and never more, and costs one UPDATE ... RETURNING per grant.
 *
 * The slots are made (or trimmed) to `rps` on first use: replicas configured with different rates share
 * the last one started. While PostgreSQL cannot be reached each replica keeps the same window in memory
 * at `fallbackRps` (default half the rate), so an outage of the database neither stops the calls nor lets
 * replicas times INFUSE_MAX_RPS through.
 */
export function makePgTokenBucket(
  pool: Pool,
  options: {
    rps: number;
    fallbackRps: number;
    logger?: Logger;
    /** Called with each grant's time in PostgreSQL (epoch ms): what the bound is kept at. */
    onGrant?: (grantedAtMs: number) => void;
  },
): TokenBucket {
  const fallback = new SlidingWindow(options.fallbackRps, WINDOW_MS);
  let ready: Promise<void> | undefined;
  let degraded = false;
  const prepare = () => {
    ready ??= pool
      .query(
        `WITH made AS (
           INSERT INTO platform_request_slots (slot)
           SELECT g FROM generate_series(1, $1::int) g ON CONFLICT (slot) DO NOTHING)
         DELETE FROM platform_request_slots WHERE slot > $1::int`,
        [options.rps],
      )
      .then(
        () => undefined,
        (error: unknown) => {
          ready = undefined; // asked again on the next take
          throw error;
        },
      );
    return ready;
  };
  const onStoreError = (error: unknown): number => {
    if (!degraded)
      options.logger?.warn(
        { err: error, fallbackRps: options.fallbackRps },
        "the shared Infuse-IoT request budget is unreachable; this replica keeps its own meanwhile",
      );
    degraded = true;
    return fallback.take();
  };
  return {
    async take() {
      try {
        await prepare();
        const { rows } = await pool.query<{
          slot: number | null;
          granted_ms: number | null;
          wait_ms: number | null;
        }>(
          `WITH free AS (
             SELECT slot FROM platform_request_slots
              WHERE granted_at <= clock_timestamp() - make_interval(secs => $1::int / 1000.0)
              ORDER BY granted_at
              LIMIT 1
              FOR UPDATE SKIP LOCKED),
           taken AS (
             UPDATE platform_request_slots s SET granted_at = clock_timestamp()
               FROM free WHERE s.slot = free.slot
             RETURNING s.slot, s.granted_at)
           SELECT (SELECT slot FROM taken) AS slot,
                  (SELECT extract(epoch FROM granted_at) * 1000 FROM taken)::float8 AS granted_ms,
                  (SELECT ceil(extract(epoch FROM min(granted_at)
                            + make_interval(secs => $1::int / 1000.0) - clock_timestamp()) * 1000)::float8
                     FROM platform_request_slots) AS wait_ms`,
          [WINDOW_MS],
        );
        degraded = false;
        const row = rows[0];
        if (row?.slot != null) {
          options.onGrant?.(Number(row.granted_ms));
          return 0;
        }
        // No slot free: the oldest frees first (1 ms when slots are only held by concurrent grants).
        return Math.max(1, Number(row?.wait_ms ?? 1));
      } catch (error) {
        return onStoreError(error);
      }
    },
    async drain(ms) {
      fallback.drain(ms);
      await prepare();
      // Every slot's last grant moved so that none frees before `ms` from now, and then one every
      // 1/rps s: after a 429 the budget comes back evenly spread, not as a burst the platform refuses again.
      await pool.query(
        `UPDATE platform_request_slots s
            SET granted_at = GREATEST(s.granted_at, clock_timestamp()
                  + make_interval(secs => ($1::int - $2::int + o.rank * $2::float8 / o.n) / 1000.0))
           FROM (SELECT slot, row_number() OVER (ORDER BY slot) - 1 AS rank, count(*) OVER () AS n
                   FROM platform_request_slots) o
          WHERE s.slot = o.slot`,
        [Math.ceil(ms), WINDOW_MS],
      );
    },
  };
}

/** The same sliding window in memory: at most `limit` grants in any `windowMs` span. */
export class SlidingWindow {
  private readonly grants: number[];
  private next = 0;

  constructor(
    limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.grants = Array.from({ length: Math.max(1, limit) }, () => Number.NEGATIVE_INFINITY);
  }

  /** 0 when granted, else the milliseconds until the oldest grant leaves the window. */
  take(): number {
    const now = this.now();
    const oldest = this.grants[this.next]!;
    if (now - oldest < this.windowMs) return Math.max(1, Math.ceil(oldest + this.windowMs - now));
    this.grants[this.next] = now;
    this.next = (this.next + 1) % this.grants.length;
    return 0;
  }

  /** No grant before `ms` from now, then one every windowMs / limit (evenly spread, not a burst). */
  drain(ms: number): void {
    const until = this.now() + ms - this.windowMs;
    const n = this.grants.length;
    // The ring is oldest-first from `next`: the first to free again is the first to be taken.
    for (let i = 0; i < n; i++) {
      const at = (this.next + i) % n;
      this.grants[at] = Math.max(this.grants[at]!, until + (i * this.windowMs) / n);
    }
  }
}
