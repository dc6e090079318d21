import { envBoolean, z } from "@mp/config";
import { parseRetrySchedule } from "./domain/retry-schedule";
import { parseSecretKey } from "./infra/secret-box";

/** Outside production, with no key given: a fixed development key (never used in production, see below). */
export const DEVELOPMENT_SECRET_KEY = "6d61726b6574706c6163652d6465762d7765626b6f6f6b2d6b65792d30303031";

/**
 * Keys of the webhooks service beyond the common ones: how endpoints' secrets are sealed, how deliveries
 * are retried, what addresses they may reach, and how many attempts run at once.
 */
export const webhooksConfig = z.object({
  /** AES-256-GCM key sealing the signing secrets: 64 hex digits or base64 of 32 bytes (required in production). */
  WEBHOOK_SECRET_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || parseSecretKey(v) !== undefined,
      "must be 64 hex digits or base64 of 32 bytes",
    ),
  /** Delays between attempts (the last repeats) and the window: `10s,1m,5m,30m,2h,6h/3d`. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default("10s,1m,5m,30m,2h,6h/3d")
    .superRefine((v, ctx) => {
      const parsed = parseRetrySchedule(v);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
    }),
  /** `1`: loopback and private addresses may be reached (local runs and tests only). */
  WEBHOOK_ALLOW_PRIVATE: envBoolean.default(false),
  /** Milliseconds an attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Attempts in flight in this process at most (sockets waiting, not CPU). */
  WEBHOOK_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(4_000).default(512),
  /** Attempts in flight to one endpoint at most, per process, while it answers 2xx. */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(128),
  /** Attempts in flight to one endpoint at most, per process, while its last attempt failed. */
  WEBHOOK_FAILING_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(4),
  /** How often workers look for due deliveries when no notification woke them. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
});

/** The service's rules between keys: production needs its own key and forbids private addresses. */
export function webhooksConfigIssues(env: Record<string, unknown>): { key: string; message: string }[] {
  if (env.NODE_ENV !== "production") return [];
  const issues: { key: string; message: string }[] = [];
  if (!env.WEBHOOK_SECRET_KEY)
    issues.push({ key: "WEBHOOK_SECRET_KEY", message: "is required in production" });
  if (env.WEBHOOK_ALLOW_PRIVATE === true)
    issues.push({ key: "WEBHOOK_ALLOW_PRIVATE", message: "must not be set in production" });
  return issues;
}

export type WebhooksConfig = z.output<typeof webhooksConfig>;
