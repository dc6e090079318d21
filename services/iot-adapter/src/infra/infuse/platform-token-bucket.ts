import type { Pool } from "@mp/db";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { TokenBucket } from "./platform-throttle";

const KEY = "platform";

/**
 * The shared request budget, kept by rate-limiter-flexible's PostgreSQL store in the adapter's own schema
 * (table `platform_rate_limit`, migration 0004): `rps` tokens per one-second window for all replicas
 * together, each take one atomic upsert. `execEvenly` spreads the tokens granted inside a window instead
 * of letting them all go at its start. While PostgreSQL cannot be reached the library falls back to an
 * in-memory budget of `fallbackRps` per replica (its insurance limiter), so an outage of the database
 * neither stops the calls nor lets replicas times INFUSE_MAX_RPS through.
 */
export function makePgTokenBucket(pool: Pool, options: { rps: number; fallbackRps: number }): TokenBucket {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "platform_rate_limit",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "infuse-iot",
    points: options.rps,
    duration: 1,
    execEvenly: true,
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: "infuse-iot",
      points: options.fallbackRps,
      duration: 1,
      execEvenly: true,
    }),
  });
  return {
    take: () =>
      limiter.consume(KEY).then(
        () => 0,
        (refused: unknown) => {
          if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
          throw refused;
        },
      ),
    drain: async (ms) => {
      await limiter.block(KEY, ms / 1000);
    },
  };
}
