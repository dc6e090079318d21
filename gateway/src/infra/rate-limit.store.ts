import type { Logger } from "@mp/logger";
import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

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
  /** The key's count in its current window (0 when none), without counting. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keys a replica's memory holds at most. Past it the least recently counted key is dropped (its count
 * starts over if it comes back), so spoofed or rotating addresses cannot grow the map, and no request ever
 * walks the other keys.
 */
export const MAX_MEMORY_KEYS = 100_000;

/**
 * Counters in this process: correct for one replica, and the fallback when Redis is unreachable. Every
 * operation is O(1): an expired window is replaced when its key is next counted, and the least recently
 * used key makes room once `maxKeys` are held.
 */
export function memoryRateLimitStore(
  now: () => number = Date.now,
  maxKeys: number = MAX_MEMORY_KEYS,
): RateLimitStore {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: maxKeys });
  const live = (key: string, time: number) => {
    const window = windows.peek(key);
    return window && window.resetAt > time ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const time = now();
      const window = live(key, time) ?? { count: 0, resetAt: time + windowMs };
      // `set` also marks the key most recently used, so active keys are the last to be dropped.
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetMs: window.resetAt - time };
    },
    async peek(key, windowMs) {
      const time = now();
      const window = live(key, time);
      return window
        ? { count: window.count, resetMs: window.resetAt - time }
        : { count: 0, resetMs: windowMs };
    },
    async release(key) {
      const window = live(key, now());
      if (window && window.count > 0) window.count -= 1;
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

/** The count and the time left of a key's window, without counting. */
const PEEK_SCRIPT = `
return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}`;

/** DECR only a live, positive counter: a release never creates a key or drives it negative. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type LimiterRedis = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitPeek(key: string): Promise<[number, number]>;
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
  options: {
    prefix?: string;
    /** A command slower than this counts in this process instead (default 500 ms). */
    commandTimeoutMs?: number;
    /** How long requests wait for the first connection before counting in this process (default 2 s). */
    connectWaitMs?: number;
  } = {},
): RateLimitStore {
  const prefix = options.prefix ?? "mp:gateway:rate:";
  const connectWaitMs = options.connectWaitMs ?? 2_000;
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: connectWaitMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  }) as LimiterRedis;
  redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand("rateLimitPeek", { numberOfKeys: 1, lua: PEEK_SCRIPT });
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
    const timer = setTimeout(resolve, connectWaitMs);
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
    async peek(key, windowMs) {
      await firstConnection;
      try {
        const [count, resetMs] = await redis.rateLimitPeek(prefix + key);
        return count > 0 && resetMs > 0 ? { count, resetMs } : { count: 0, resetMs: windowMs };
      } catch (error) {
        warn(error);
        return fallback.peek(key, windowMs);
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
