import type { Logger } from "@mp/logger";
import { Redis } from "ioredis";

/** Requests counted in a key's current window, and when that window ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets (and the count with it). */
  resetMs: number;
}

/**
 * Fixed-window request counters. `hit` counts first and the caller compares, so concurrent requests can
 * never all slip under the limit; `release` takes one count back (a request that turned out to belong to
 * another budget).
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Sweep expired windows once the map holds this many keys, so spoofed or rotating keys cannot grow it. */
const SWEEP_THRESHOLD = 10_000;

/** Counters in this process: correct for one replica, and the fallback when Redis is unreachable. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        if (windows.size >= SWEEP_THRESHOLD) sweep();
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.resetAt - time };
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

/** INCR with the window's expiry set by the first hit; repairs a key left without expiry. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** DECR only a live, positive counter: a release never creates a key or drives it negative. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type LimiterRedis = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitRelease(key: string): Promise<number>;
};

/** Redis problems are logged at most this often, so an outage does not flood the log. */
const WARN_INTERVAL_MS = 30_000;

/**
 * Counters in Redis, shared by every gateway replica so they enforce one budget together. Commands fail
 * fast (no offline queue, a short timeout) and fall back to this process's own counters while Redis is
 * unreachable: limits stay in force per replica instead of being dropped or failing requests.
 */
export function redisRateLimitStore(
  url: string,
  logger: Logger,
  options: { prefix?: string } = {},
): RateLimitStore {
  const prefix = options.prefix ?? "mp:gateway:rate:";
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  }) as LimiterRedis;
  redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand("rateLimitRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const fallback = memoryRateLimitStore();
  let lastWarning = 0;
  const warn = (error: unknown) => {
    const time = Date.now();
    if (time - lastWarning < WARN_INTERVAL_MS) return;
    lastWarning = time;
    logger.warn({ err: error }, "rate limit store unreachable; counting in this process meanwhile");
  };
  redis.on("error", warn);
  // Requests arriving while the first connection is being made wait for it (at most the connect
  // timeout) instead of being counted apart from the other replicas.
  const firstConnection = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    timer.unref();
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", settle);
    redis.once("end", settle);
  });

  return {
    async hit(key, windowMs) {
      await firstConnection;
      try {
        const [count, resetMs] = await redis.rateLimitHit(prefix + key, windowMs);
        return { count, resetMs };
      } catch (error) {
        warn(error);
        return fallback.hit(key, windowMs);
      }
    },
    async release(key) {
      await firstConnection;
      try {
        await redis.rateLimitRelease(prefix + key);
      } catch (error) {
        warn(error);
        await fallback.release(key);
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
      await fallback.close();
    },
  };
}
