import { s3Env, z } from "@mp/config";

/**
 * The adapter is the only process with the marketplace's credential for the Infuse-IoT platform; it also
 * copies release binaries into object storage. The tuning keys have defaults that suit production; tests
 * shorten them.
 */
export const iotAdapterConfig = z.object({
  ...s3Env,
  INFUSE_API_URL: z.url(),
  INFUSE_API_KEY: z.string().min(1),
  /** Per-attempt timeout of a JSON call to the platform. */
  INFUSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Timeout of a whole release download (headers and body). */
  INFUSE_DOWNLOAD_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** Consecutive transient failures that open the circuit breaker. */
  INFUSE_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  /** How long the breaker stays open before it lets one trial call through. */
  INFUSE_BREAKER_RESET_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Requests per second to the platform, all replicas together (a bucket in PostgreSQL). */
  INFUSE_MAX_RPS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Each replica's own budget while PostgreSQL cannot be reached; default half of INFUSE_MAX_RPS. */
  INFUSE_FALLBACK_RPS: z.coerce.number().int().min(1).max(10_000).optional(),
  /** The longest a call waits for a token before failing with Retry-After (queued work retries later). */
  INFUSE_RATE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** Attempts of a copy job before it fails for good. */
  COPY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /** How often the copy worker looks for queued jobs when nobody wakes it. */
  COPY_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** How often in-flight install updates are read from the platform. */
  INSTALL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** In-flight install updates leased per poll round (a full round polls again at once). */
  INSTALL_POLL_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Device ids per bulk pending query of a poll round (one platform request each). */
  INSTALL_POLL_CHUNK: z.coerce.number().int().min(1).max(1_000).default(100),
});
