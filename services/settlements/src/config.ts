import { ConfigError, envBoolean, z } from "@mp/config";
import { stripeApiEnv } from "@mp/stripe";

/**
 * `STRIPE_WEBHOOK_SECRET` is one endpoint secret or several separated by commas: during a rotation both the
 * old and the new one verify, each tried in turn.
 */
const webhookSecrets = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((secret) => secret.trim())
      .filter((secret) => secret.length > 0),
  )
  .pipe(
    z
      .array(z.string().regex(/^whsec_\S+$/, "each secret starts with whsec_"))
      .min(1, "at least one whsec_ secret")
      .max(5),
  );

/**
 * Stripe notifications are verified with the endpoint secret; the API key (and `STRIPE_API_BASE`, the
 * local stand-in) is for calls to Stripe's API: checkout, refunds and reconciliation.
 */
export const settlementsConfig = z.object({
  STRIPE_WEBHOOK_SECRET: webhookSecrets,
  ...stripeApiEnv,
  /**
   * Seconds within which a lost notification's event is recovered from Stripe's events list: a pass runs
   * every half interval (docs/payments.md); 0 switches the loop off (`pnpm pay reconcile` still runs one).
   */
  STRIPE_RECONCILE_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How often the payment-event processor looks for stored events when no notification woke it. */
  PAYMENT_EVENTS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  /** The mode earnings sums use when a request names none (unset: live when `NODE_ENV=production`). */
  PAYMENTS_DEFAULT_LIVEMODE: envBoolean.optional(),
  /**
   * The organisation that runs the marketplace: its admins are the platform operator, who reads every
   * organisation's statements, closes periods, pays statements and sees the platform's fees. Required in
   * production; unset elsewhere, no one has those powers.
   */
  PLATFORM_ORGANISATION_ID: z
    .guid("must be an organisation id (a guid)")
    .transform((id) => id.toLowerCase())
    .optional(),
  /**
   * Connections of the statement exports' own pool (per process), apart from the main pool that stores
   * payment notifications: however many exports run, intake keeps its connections.
   */
  DB_EXPORT_POOL_MAX: z.coerce.number().int().min(1).max(50).default(4),
  /** Statement exports one organisation may run at once, across every replica (429 beyond). */
  EXPORTS_PER_ORGANISATION: z.coerce.number().int().min(1).max(20).default(2),
});

/** The operator organisation, refused at boot when production has none (see `PLATFORM_ORGANISATION_ID`). */
export function platformOrganisationOf(config: {
  PLATFORM_ORGANISATION_ID?: string | undefined;
  NODE_ENV?: string | undefined;
}): string | undefined {
  if (config.PLATFORM_ORGANISATION_ID === undefined && config.NODE_ENV === "production")
    throw new ConfigError([
      {
        key: "PLATFORM_ORGANISATION_ID",
        message: "required in production (the platform operator's organisation)",
      },
    ]);
  return config.PLATFORM_ORGANISATION_ID;
}

/**
 * Rules between the keys: production refuses a test-mode Stripe key (`sk_test_`, `rk_test_`), so a
 * deployment cannot take test payments for real ones by mistake, and talks to Stripe itself (no
 * `STRIPE_API_BASE`: the stand-in is for local stacks and tests).
 */
export function settlementsConfigIssues(env: Record<string, unknown>): { key: string; message: string }[] {
  if (env.NODE_ENV !== "production") return [];
  const issues: { key: string; message: string }[] = [];
  const key = env.STRIPE_API_KEY;
  if (typeof key === "string" && /^(sk|rk)_test_/.test(key))
    issues.push({
      key: "STRIPE_API_KEY",
      message: "a test-mode key (sk_test_/rk_test_) is refused in production; set a live key",
    });
  if (typeof env.STRIPE_API_BASE === "string" && env.STRIPE_API_BASE !== "")
    issues.push({
      key: "STRIPE_API_BASE",
      message: "production talks to Stripe itself; unset STRIPE_API_BASE (it is for the local stand-in)",
    });
  return issues;
}

/** The mode earnings sums use when a request names none (as purchases decide it). */
export function defaultLivemode(config: {
  PAYMENTS_DEFAULT_LIVEMODE?: boolean | undefined;
  NODE_ENV?: string | undefined;
}): boolean {
  return config.PAYMENTS_DEFAULT_LIVEMODE ?? config.NODE_ENV === "production";
}
