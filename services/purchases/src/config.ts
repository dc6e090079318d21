import { envBoolean, s3Env, z } from "@mp/config";

/**
 * Keys purchases reads beyond the common ones. Purchases issue presigned downloads of release binaries
 * kept in object storage (`S3_*`; signing is local, purchases never call the store). `PAYMENTS_DEFAULT_LIVEMODE` is the mode lists and sums use when a
 * request names none (unset: `true` when `NODE_ENV=production`, else `false`). An unmatched payment update
 * (its listing not known yet) is delivered up to `PAYMENT_RETRY_MAX_DELIVER` times, waiting
 * `PAYMENT_RETRY_BACKOFF_MS` (comma-separated, the last delay repeating) between deliveries, then
 * dead-lettered.
 */
export const purchasesConfig = z.object({
  ...s3Env,
  /** The object store's address as clients reach it, when it differs from `S3_ENDPOINT` (as for assets). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** The iot-adapter, asked (as purchases itself) who owns a payment's device. */
  IOT_ADAPTER_GRPC_URL: z.string().min(1).default("127.0.0.1:50057"),
  /** Settlements, which makes purchases' Stripe calls (checkout sessions, refunds) with its credentials. */
  SETTLEMENTS_GRPC_URL: z.string().min(1).default("127.0.0.1:50056"),
  PAYMENTS_DEFAULT_LIVEMODE: envBoolean.optional(),
  PAYMENT_RETRY_MAX_DELIVER: z.coerce.number().int().min(1).max(1000).default(12),
  PAYMENT_RETRY_BACKOFF_MS: z
    .string()
    .default("1000,5000,15000,60000,300000")
    .transform((value) => value.split(",").map((ms) => Number(ms.trim())))
    .pipe(z.array(z.number().int().min(0).max(3_600_000)).min(1)),
  /** How often the rollout scheduler passes over every running rollout (it is also woken by events). */
  ROLLOUT_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a rollout install claimed but never queued on the platform waits before it is queued again. */
  ROLLOUT_REQUEUE_AFTER_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  /** Installs one replica queues on the iot-adapter at once for a rollout. */
  ROLLOUT_QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});

export type PurchasesConfig = z.output<typeof purchasesConfig>;

/** The mode lists and sums use when a request names none. */
export function defaultLivemode(config: {
  PAYMENTS_DEFAULT_LIVEMODE?: boolean | undefined;
  NODE_ENV: string;
}) {
  return config.PAYMENTS_DEFAULT_LIVEMODE ?? config.NODE_ENV === "production";
}
